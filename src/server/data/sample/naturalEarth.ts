// The real coastline of Thailand from Natural Earth 1:10m (public domain) via world-atlas (ISC):
// the arcs of Thailand's outline that no other country shares are coast. They come as two open
// lines (Gulf of Thailand: Cambodian border -> Malaysian border, passing round Songkhla Lake;
// Andaman Sea: Malaysian border -> Myanmar border) and closed island rings.

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Feature, MultiLineString, MultiPolygon, Polygon } from 'geojson';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { dedupe, distance, moveBy, pointInRing, rightNormal, signedArea2, type LonLat } from './geo.ts';

const THAILAND = '764';

type Countries = Topology<{ countries: GeometryCollection<{ name: string }> }>;
type Land = Topology<{ land: GeometryCollection }>;

export interface NaturalEarthCoast {
  /** Hat Lek (Cambodian border) to Tak Bai (Malaysian border), land on the left. */
  gulf: LonLat[];
  /** Satun (Malaysian border) to Kra Buri (Myanmar border), land on the left. */
  andaman: LonLat[];
  /** Island outlines (closed, counter-clockwise: land on the left), largest first. */
  islands: LonLat[][];
  /** Thailand's mainland outline (closed). */
  mainland: LonLat[];
}

function readJson<T>(name: string): T {
  const file = createRequire(import.meta.url).resolve(`world-atlas/${name}`);
  return JSON.parse(readFileSync(file, 'utf8')) as T;
}

function ccw(ring: readonly LonLat[]): LonLat[] {
  const clean = dedupe(ring);
  return signedArea2(clean) < 0 ? clean.reverse() : clean;
}

/** Reverses `line` unless the land (inside `mainland`) lies on its left. */
function landOnLeft(line: LonLat[], mainland: readonly LonLat[]): LonLat[] {
  let votes = 0;
  for (let i = 1; i < line.length - 1; i += Math.max(1, Math.floor(line.length / 50))) {
    const [ex, ey] = rightNormal(line, i, false);
    const left = moveBy(line[i]!, -ex * 200, -ey * 200);
    votes += pointInRing(left, mainland) ? 1 : -1;
  }
  return votes >= 0 ? line : [...line].reverse();
}

export function loadThaiCoast(): NaturalEarthCoast {
  const topology = readJson<Countries>('countries-10m.json');
  const thailand = topology.objects.countries.geometries.find((g) => g.id === THAILAND);
  if (!thailand) throw new Error('Thailand (764) missing from world-atlas countries-10m');
  const outline = (feature(topology, thailand) as Feature<MultiPolygon | Polygon>).geometry;
  const polygons = (outline.type === 'Polygon' ? [outline.coordinates] : outline.coordinates).map((p) => ccw(p[0] as LonLat[]));
  polygons.sort((a, b) => Math.abs(signedArea2(b)) - Math.abs(signedArea2(a)));
  const [mainland, ...islands] = polygons;
  if (!mainland) throw new Error('Thailand has no polygons');

  const coast = mesh(topology, topology.objects.countries, (a, b) => a === b && a.id === THAILAND) as MultiLineString;
  const open = coast.coordinates
    .map((line) => dedupe(line as LonLat[]))
    .filter((line) => distance(line[0]!, line[line.length - 1]!) > 1000)
    .map((line) => landOnLeft(line, mainland))
    .sort((a, b) => b.length - a.length);
  const gulf = open.find((line) => line.some((p) => p[0] > 102.5));
  const andaman = open.find((line) => line !== gulf && line.some((p) => p[0] < 99));
  if (!gulf || !andaman) throw new Error('could not find the Gulf and Andaman coastlines in Natural Earth');
  return { gulf, andaman, islands, mainland };
}

/** Natural Earth land polygons (outer rings) that touch the box, for the land table. */
export function loadLandPolygons(box: [number, number, number, number]): LonLat[][][] {
  const topology = readJson<Land>('land-10m.json');
  const out: LonLat[][][] = [];
  for (const f of feature(topology, topology.objects.land).features) {
    const geometry = f.geometry as Polygon | MultiPolygon;
    const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
    for (const polygon of polygons) {
      const ring = polygon[0] as LonLat[];
      if (ring.some(([x, y]) => x >= box[0] && x <= box[2] && y >= box[1] && y <= box[3])) {
        out.push(polygon.map((r) => r as LonLat[]));
      }
    }
  }
  return out;
}
