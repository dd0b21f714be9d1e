// Vector tiles of the detailed land, cut on demand from the cached artefact (detailBuild.ts):
// geojson-vt keeps the tiles it has cut, vt-pbf encodes them, and the encoded bodies of recent
// tiles are kept with their gzip variant so a map's repeated requests cost a lookup.
import { GeoJSONVT } from '@maplibre/geojson-vt';
import { fromGeojsonVt } from '@maplibre/vt-pbf';
import { CachedBody } from '../http/cachedBody.ts';
import type { DetailCollection } from './detailBuild.ts';

/** The zoom levels tiles exist for; MapLibre overzooms the last one. */
export const DETAIL_MIN_ZOOM = 8;
export const DETAIL_MAX_ZOOM = 14;
/** The one layer of every tile. */
export const DETAIL_LAYER = 'land';

const TILE_CONTENT_TYPE = 'application/vnd.mapbox-vector-tile';
export const TILE_CACHE_CONTROL = 'public, max-age=86400';
/** Encoded tiles kept (a few KB each): more than a large screen shows over several zoom levels. */
const KEEP_ENCODED = 2000;

export class DetailTiles {
  private readonly index: GeoJSONVT;
  private readonly encoded = new Map<string, CachedBody | null>();

  constructor(land: DetailCollection) {
    // tolerance 1 (of 4096 per tile, the default 3) keeps small islands and river mouths at zoom 14.
    this.index = new GeoJSONVT(land, { maxZoom: DETAIL_MAX_ZOOM, indexMaxZoom: 6, tolerance: 1, buffer: 64 });
  }

  /** The encoded tile, or null when it holds nothing (outside the coverage box). */
  tile(z: number, x: number, y: number): CachedBody | null {
    const key = `${z}/${x}/${y}`;
    const kept = this.encoded.get(key);
    if (kept !== undefined) {
      // Map order is insertion order: moving the key to the end makes the eviction below least-recently-used.
      this.encoded.delete(key);
      this.encoded.set(key, kept);
      return kept;
    }
    const cut = this.index.getTile(z, x, y);
    const body = cut && cut.features.length > 0 ? new CachedBody(Buffer.from(fromGeojsonVt({ [DETAIL_LAYER]: cut }, { version: 2, extent: 4096 })), TILE_CONTENT_TYPE, TILE_CACHE_CONTROL) : null;
    this.encoded.set(key, body);
    if (this.encoded.size > KEEP_ENCODED) this.encoded.delete(this.encoded.keys().next().value!);
    return body;
  }
}

/** z/x/y of a tile path `{z}/{x}/{y}.pbf` when it names a tile of zoom 0..DETAIL_MAX_ZOOM, else null. */
export function parseTileAddress(tilePath: string): [number, number, number] | null {
  const match = /^(\d{1,2})\/(\d{1,5})\/(\d{1,5})\.pbf$/.exec(tilePath);
  if (!match) return null;
  const [zoom, column, row] = match.slice(1).map(Number) as [number, number, number];
  const size = 2 ** zoom;
  return zoom <= DETAIL_MAX_ZOOM && column < size && row < size ? [zoom, column, row] : null;
}
