import { CachedBody } from '../http/cachedBody.ts';
import { startDetailedBasemap } from './detailSource.ts';
import { buildLandGeoJson } from './land.ts';
import { basemapStyle } from './style.ts';

const CACHE_CONTROL = 'public, max-age=3600';

export interface Basemap {
  style: CachedBody;
  land: CachedBody;
}

export interface BasemapPaths {
  style: string;
  land: string;
  /** Folder of the detailed land's vector tiles, `{z}/{x}/{y}.pbf` below it. */
  tiles: string;
  thumbnails: string;
}

/** The URLs of the offline base map under the app's base path, and the thumbnails' folder. */
export function basemapPaths(basePath: string): BasemapPaths {
  const root = `${basePath}/basemap`;
  return { style: `${root}/style.json`, land: `${root}/land.geojson`, tiles: `${root}/tiles`, thumbnails: `${root}/thumbnail` };
}

function logToStderr(error: unknown): void {
  process.stderr.write(`${JSON.stringify({ level: 'error', what: 'offline base map: detailed land', error: String(error) })}\n`);
}

// The land data does not depend on the base path; build it once per process and share it.
let land: CachedBody | undefined;

/**
 * Builds the base map on first use (a few hundred ms), then returns the cached bodies. The
 * detailed land's tiles load in the background; `report` hears why they could not.
 */
export function loadBasemap(basePath: string, report: (error: unknown) => void = logToStderr): Basemap {
  startDetailedBasemap(report);
  if (!land) {
    land = new CachedBody(Buffer.from(JSON.stringify(buildLandGeoJson())), 'application/geo+json', CACHE_CONTROL);
    void land.gzipped(); // compress in the background now, so the first map load does not wait for it
  }
  const style = JSON.stringify(basemapStyle(basemapPaths(basePath)));
  return { land, style: new CachedBody(Buffer.from(style), 'application/json; charset=utf-8', CACHE_CONTROL) };
}
