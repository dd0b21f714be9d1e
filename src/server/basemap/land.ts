import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Feature, FeatureCollection, MultiLineString, MultiPolygon, Polygon, Position } from 'geojson';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { clipLine, clipRing, type BBox } from './geometry.ts';

/** The region around Thailand kept in the offline base map (lon 90..112, lat -2..25). */
const BASEMAP_BBOX: BBox = [90, -2, 112, 25];

/** ISO 3166-1 numeric code, the `id` of countries in world-atlas. */
export const THAILAND_ISO_N3 = '764';

type BasemapProperties = { kind: 'country'; name: string; iso_n3: string } | { kind: 'border' };
type BasemapFeature = Feature<MultiPolygon | MultiLineString, BasemapProperties>;

type CountryTopology = Topology<{ countries: GeometryCollection<{ name: string }> }>;

function readCountries(): CountryTopology {
  const file = createRequire(import.meta.url).resolve('world-atlas/countries-10m.json');
  return JSON.parse(readFileSync(file, 'utf8')) as CountryTopology;
}

function polygonsOf(geometry: Polygon | MultiPolygon): Position[][][] {
  return geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
}

function clipPolygons(polygons: readonly Position[][][], box: BBox): Position[][][] {
  const out: Position[][][] = [];
  for (const [outer, ...holes] of polygons) {
    const clippedOuter = outer && clipRing(outer, box);
    if (!clippedOuter) continue;
    const clippedHoles = holes.map((hole) => clipRing(hole, box)).filter((hole) => hole !== null);
    out.push([clippedOuter, ...clippedHoles]);
  }
  return out;
}

/**
 * Country polygons (the land fill) and land borders between countries, from Natural Earth 10m
 * via world-atlas, clipped to `box`. Borders come from the topology's shared arcs, so each is
 * drawn once and coastlines are not stroked.
 */
function buildLandGeoJson(box: BBox = BASEMAP_BBOX): FeatureCollection<BasemapFeature['geometry'], BasemapProperties> {
  const topology = readCountries();
  const features: BasemapFeature[] = [];
  for (const country of feature(topology, topology.objects.countries).features) {
    const geometry = country.geometry as Polygon | MultiPolygon | null; // countries are areal
    const polygons = geometry ? clipPolygons(polygonsOf(geometry), box) : [];
    if (polygons.length === 0) continue;
    features.push({
      type: 'Feature',
      properties: { kind: 'country', name: country.properties.name, iso_n3: String(country.id) },
      geometry: { type: 'MultiPolygon', coordinates: polygons },
    });
  }
  const borders = mesh(topology, topology.objects.countries, (a, b) => a !== b);
  const lines = borders.coordinates.flatMap((line) => clipLine(line, box));
  features.push({ type: 'Feature', properties: { kind: 'border' }, geometry: { type: 'MultiLineString', coordinates: lines } });
  return { type: 'FeatureCollection', features };
}

let basemapLand: ReturnType<typeof buildLandGeoJson> | undefined;

/** The land of BASEMAP_BBOX, built on first use (~0.6 s) and shared by the land GeoJSON, the thumbnails and the minimap. */
export function regionLand(): ReturnType<typeof buildLandGeoJson> {
  basemapLand ??= buildLandGeoJson();
  return basemapLand;
}
