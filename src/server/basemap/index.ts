import { CachedBody } from '../http/cachedBody.ts';
import { startDetailedBasemap } from './detailSource.ts';
import { regionLand } from './land.ts';
import { basemapStyle } from './style.ts';

const CACHE_CONTROL = 'public, max-age=3600';

interface Basemap {
  /** The MapLibre style; asking for it starts on the land and the detailed land's tiles. */
  style: () => CachedBody;
  /** The Natural Earth land GeoJSON, built on first use. */
  land: () => CachedBody;
  /** Why the detailed land could not load (logged). */
  report: (error: unknown) => void;
}

interface BasemapPaths {
  style: string;
  land: string;
  /** Folder of the detailed land's vector tiles, `{z}/{x}/{y}.pbf` below it. */
  tiles: string;
  thumbnails: string;
  /** The proposal PDF's location minimap (minimap.ts), `?lon=&lat=&marker=RRGGBB`. */
  minimap: string;
}

/** The URLs of the offline base map under the app's base path, and the thumbnails' folder. */
export function basemapPaths(basePath: string): BasemapPaths {
  const root = `${basePath}/basemap`;
  return { style: `${root}/style.json`, land: `${root}/land.geojson`, tiles: `${root}/tiles`, thumbnails: `${root}/thumbnail`, minimap: `${root}/minimap.png` };
}

function logToStderr(error: unknown): void {
  process.stderr.write(`${JSON.stringify({ level: 'error', what: 'offline base map: detailed land', error: String(error) })}\n`);
}

// The land data does not depend on the base path; build it once per process and share it.
let land: CachedBody | undefined;

/** world-atlas's 10m countries clipped to the region: ~0.6 s, so on first use, not at server start. */
function landBody(): CachedBody {
  if (!land) {
    land = new CachedBody(Buffer.from(JSON.stringify(regionLand())), 'application/geo+json', CACHE_CONTROL);
    void land.gzipped(); // compress in the background now, so the first map load does not wait for it
  }
  return land;
}

/**
 * The offline base map's bodies. Nothing is built or loaded until a map asks for the style;
 * then the land (which the style names next) and the detailed land's tiles start.
 */
export function loadBasemap(basePath: string, report: (error: unknown) => void = logToStderr): Basemap {
  const style = new CachedBody(Buffer.from(JSON.stringify(basemapStyle(basemapPaths(basePath)))), 'application/json; charset=utf-8', CACHE_CONTROL);
  return {
    style: () => {
      startDetailedBasemap(report);
      if (!land) setImmediate(landBody); // after the style is sent: the map asks for the land next
      return style;
    },
    land: landBody,
    report,
  };
}
