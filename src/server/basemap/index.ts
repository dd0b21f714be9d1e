import { CachedBody } from '../http/cachedBody.ts';
import { buildLandGeoJson } from './land.ts';
import { basemapStyle } from './style.ts';

const CACHE_CONTROL = 'public, max-age=3600';

export interface Basemap {
  style: CachedBody;
  land: CachedBody;
}

/** The URLs of the offline base map under the app's base path, and the thumbnails' folder. */
export function basemapPaths(basePath: string): { style: string; land: string; thumbnails: string } {
  return { style: `${basePath}/basemap/style.json`, land: `${basePath}/basemap/land.geojson`, thumbnails: `${basePath}/basemap/thumbnail` };
}

// The land data does not depend on the base path; build it once per process and share it.
let land: CachedBody | undefined;

/** Builds the base map on first use (a few hundred ms), then returns the cached bodies. */
export function loadBasemap(basePath: string): Basemap {
  if (!land) {
    land = new CachedBody(Buffer.from(JSON.stringify(buildLandGeoJson())), 'application/geo+json', CACHE_CONTROL);
    void land.gzipped(); // compress in the background now, so the first map load does not wait for it
  }
  const style = JSON.stringify(basemapStyle(basemapPaths(basePath).land));
  return { land, style: new CachedBody(Buffer.from(style), 'application/json; charset=utf-8', CACHE_CONTROL) };
}
