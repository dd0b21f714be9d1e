// Turns a base map of config/app.yaml into a MapLibre style (raster tiles or a style URL).
import type { StyleSpecification } from 'maplibre-gl';
import type { BasemapDef } from '../engine/types.ts';

export const BASEMAP_SOURCE = 'basemap';

export function basemapStyle(def: BasemapDef): StyleSpecification | string {
  if (def.kind === 'style' && def.style) return def.style;
  return {
    version: 8,
    sources: {
      [BASEMAP_SOURCE]: {
        type: 'raster',
        tiles: def.tiles ?? [],
        tileSize: def.tileSize ?? 256,
        maxzoom: def.maxZoom ?? 19,
        ...(def.attribution ? { attribution: def.attribution } : {}),
      },
    },
    layers: [{ id: BASEMAP_SOURCE, type: 'raster', source: BASEMAP_SOURCE }],
  };
}
