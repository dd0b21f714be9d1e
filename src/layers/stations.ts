// Fixed station lists (SPEC.md §3 "Radar/CCTV station": id, CODE, SITE, BAND, link, point
// [longitude, latitude]) as GeoJSON points, for the coastalradar and cctv layer types.
import { asCollection } from '../engine/featureCollection.ts';
import type { LayerDefinition, LoadedData, TemplateBase } from './types.ts';
import { asset } from './schemaParts.ts';
import { assetUrl, baseInstance } from './request.ts';

/** The SPEC.md §9 marker icon size in px. */
export const STATION_ICON = { width: 24, height: 28 } as const;

/** What a station definition gives its drawer (draw/stationDrawer.ts). */
export interface StationDraw {
  popup: 'radar' | 'cctv';
  icon: { width: number; height: number };
}

export function stationPoints(rows: unknown): GeoJSON.FeatureCollection {
  const list = Array.isArray(rows) ? rows : Array.isArray((rows as { data?: unknown } | null)?.data) ? (rows as { data: unknown[] }).data : [];
  const features = list.flatMap((row): GeoJSON.Feature[] => {
    const r = row as Record<string, unknown>;
    const point = r.point;
    if (!Array.isArray(point) || typeof point[0] !== 'number' || typeof point[1] !== 'number') return [];
    const { point: _point, ...properties } = r;
    return [{ type: 'Feature', id: typeof r.id === 'number' || typeof r.id === 'string' ? r.id : undefined, geometry: { type: 'Point', coordinates: [point[0], point[1]] }, properties }];
  });
  return asCollection({ type: 'FeatureCollection', features }, 'stations');
}

export const stationProperties = (defaultAsset: string) => ({
  asset: { ...asset, default: defaultAsset },
}) as const;

/** The shared behaviour of the station types: load the asset, draw icons, answer with a popup. */
export function stationBehaviour<T extends TemplateBase & { asset: string }>(popup: 'radar' | 'cctv'): Pick<LayerDefinition<T, StationDraw>, 'offersData' | 'featureInfo' | 'instantiate' | 'load'> {
  return {
    offersData: true,
    featureInfo: 'popup',
    instantiate: (t, ctx) => ({ ...baseInstance(t, ctx), url: assetUrl(ctx.app, t.asset), options: {}, draw: { popup, icon: STATION_ICON } }),
    async load(_t, instance, ctx): Promise<LoadedData> {
      const geoJson = stationPoints(await ctx.deps.fetchJson(instance.url ?? '', { method: 'GET', ...(ctx.deps.signal ? { signal: ctx.deps.signal } : {}) }));
      return { geoJson, parts: [{ features: geoJson }] };
    },
  };
}
