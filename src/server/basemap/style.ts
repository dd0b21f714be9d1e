import type { ExpressionSpecification, FilterSpecification, StyleSpecification } from '@maplibre/maplibre-gl-style-spec';
import { DETAIL_BBOX } from './detailBuild.ts';
import { DETAIL_LAYER, DETAIL_MAX_ZOOM, DETAIL_MIN_ZOOM } from './detailTiles.ts';
import { THAILAND_ISO_N3 } from './land.ts';

// shared with the server-drawn minimap (minimap.ts), so both pictures of the land look alike
export const SEA_COLOR = '#cfe6f2';
export const LAND_COLOR = '#efece6';
export const THAILAND_COLOR = '#fbf4e1';
export const THAILAND_COAST_COLOR = '#c9b98f';
export const BORDER_COLOR = '#a39a8c';

const detailKind = (kind: 'land' | 'coverage'): ExpressionSpecification => ['==', ['get', 'kind'], kind];

/**
 * A MapLibre style over the offline land: Natural Earth at every zoom, and from zoom 8 the detailed
 * (OpenStreetMap-derived) land of Thailand's coasts drawn over it. The detailed tiles carry their
 * box as a `coverage` polygon painted in the sea colour first, so inside the box Natural Earth's
 * coarser coast no longer shows, and outside it (or while the tiles are not ready) Natural
 * Earth still does. Thailand keeps its tint at every zoom: the detailed land has each country's
 * code. No text or icons, hence no glyphs or sprite: nothing is fetched from outside our server.
 */
export function basemapStyle(paths: { land: string; tiles: string }): StyleSpecification {
  const isThailand: ExpressionSpecification = ['==', ['get', 'iso_n3'], THAILAND_ISO_N3];
  const isDetailThailand: ExpressionSpecification = ['==', ['get', 'a3'], 'THA'];
  const detail = { source: 'detail', 'source-layer': DETAIL_LAYER, minzoom: DETAIL_MIN_ZOOM } as const;
  const detailLand = (thailand: boolean): FilterSpecification => ['all', detailKind('land'), thailand ? isDetailThailand : ['!', isDetailThailand]];
  return {
    version: 8,
    name: 'Offline base map (Natural Earth, OpenStreetMap)',
    sources: {
      land: {
        type: 'geojson',
        data: paths.land,
        attribution: 'Natural Earth (public domain)',
      },
      detail: {
        type: 'vector',
        tiles: [`${paths.tiles}/{z}/{x}/{y}.pbf`],
        minzoom: DETAIL_MIN_ZOOM,
        maxzoom: DETAIL_MAX_ZOOM,
        bounds: [...DETAIL_BBOX],
        attribution: '© OpenStreetMap contributors',
      },
    },
    layers: [
      { id: 'sea', type: 'background', paint: { 'background-color': SEA_COLOR } },
      {
        id: 'land',
        type: 'fill',
        source: 'land',
        filter: ['all', ['==', ['get', 'kind'], 'country'], ['!', isThailand]],
        paint: { 'fill-color': LAND_COLOR },
      },
      {
        id: 'land-thailand',
        type: 'fill',
        source: 'land',
        filter: ['all', ['==', ['get', 'kind'], 'country'], isThailand],
        paint: { 'fill-color': THAILAND_COLOR, 'fill-outline-color': THAILAND_COAST_COLOR },
      },
      { id: 'detail-coverage', type: 'fill', ...detail, filter: detailKind('coverage'), paint: { 'fill-color': SEA_COLOR, 'fill-antialias': false } },
      { id: 'detail-land', type: 'fill', ...detail, filter: detailLand(false), paint: { 'fill-color': LAND_COLOR } },
      {
        id: 'detail-land-thailand',
        type: 'fill',
        ...detail,
        filter: detailLand(true),
        paint: { 'fill-color': THAILAND_COLOR, 'fill-outline-color': THAILAND_COAST_COLOR },
      },
      {
        id: 'country-borders',
        type: 'line',
        source: 'land',
        filter: ['==', ['get', 'kind'], 'border'],
        layout: { 'line-join': 'round' },
        paint: { 'line-color': BORDER_COLOR, 'line-width': ['interpolate', ['linear'], ['zoom'], 4, 0.5, 10, 1.2] },
      },
    ],
  };
}
