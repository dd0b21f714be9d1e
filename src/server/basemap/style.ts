import type { ExpressionSpecification, StyleSpecification } from '@maplibre/maplibre-gl-style-spec';
import { THAILAND_ISO_N3 } from './land.ts';

const SEA_COLOR = '#cfe6f2';

/**
 * A MapLibre style over the offline land GeoJSON. It has no text or icons, hence no glyphs or
 * sprite: nothing is fetched from outside our server.
 */
export function basemapStyle(landUrl: string): StyleSpecification {
  const isThailand: ExpressionSpecification = ['==', ['get', 'iso_n3'], THAILAND_ISO_N3];
  return {
    version: 8,
    name: 'Offline base map (Natural Earth)',
    sources: {
      land: {
        type: 'geojson',
        data: landUrl,
        attribution: 'Natural Earth (public domain)',
      },
    },
    layers: [
      { id: 'sea', type: 'background', paint: { 'background-color': SEA_COLOR } },
      {
        id: 'land',
        type: 'fill',
        source: 'land',
        filter: ['all', ['==', ['get', 'kind'], 'country'], ['!', isThailand]],
        paint: { 'fill-color': '#efece6' },
      },
      {
        id: 'land-thailand',
        type: 'fill',
        source: 'land',
        filter: ['all', ['==', ['get', 'kind'], 'country'], isThailand],
        paint: { 'fill-color': '#fbf4e1', 'fill-outline-color': '#c9b98f' },
      },
      {
        id: 'country-borders',
        type: 'line',
        source: 'land',
        filter: ['==', ['get', 'kind'], 'border'],
        layout: { 'line-join': 'round' },
        paint: { 'line-color': '#a39a8c', 'line-width': ['interpolate', ['linear'], ['zoom'], 4, 0.5, 10, 1.2] },
      },
    ],
  };
}
