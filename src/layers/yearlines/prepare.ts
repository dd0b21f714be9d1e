// The yearlines features as deck.gl data (issue 25 item 2): the loaded features are prepared once
// into paths by year and points (draw.ts hands them to deckLayers.ts and hits.ts); the slider year
// only switches the years' layers and sets their opacity (GPU uniforms): the trail is every path
// before the year, faint, the year's path is drawn in its legend colour, and the transect points
// are recoloured by their rate of movement up to the year (each year's colours computed once, on
// its first showing).
import type { Legend, LegendItem } from '../../engine/types.ts';
import { legendClass } from '../../engine/legends.ts';
import type { MapLayer } from '../types.ts';
import type { YearlinesDraw } from './definition.ts';

type Rgba = [number, number, number, number];

type Position = [number, number];

export interface YearPath {
  path: Position[];
  year: number;
  color: Rgba;
}

export interface TransectPoint {
  position: [number, number];
  /** The transect's id (the router's gid). */
  gid?: number | string;
  /** Distance (m, + seaward) of the line of each year of `years` along the transect (null: none). */
  distances: ReadonlyArray<number | null>;
}

export interface PreparedYearlines {
  id: string;
  years: number[];
  trail: number;
  paths: YearPath[];
  /** The paths of each year of `years` that has any, oldest first. */
  byYear: Array<{ year: number; paths: YearPath[] }>;
  points: TransectPoint[];
  rateItems: readonly LegendItem[];
  /** Each point's colour at `years[index]` (computed once per year). */
  transectColours(index: number): readonly Rgba[];
}

const NO_COLOUR: Rgba = [128, 128, 128, 255];

function rgba(hex: string | undefined): Rgba {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})?$/i.exec(hex ?? '');
  return m ? [parseInt(m[1]!, 16), parseInt(m[2]!, 16), parseInt(m[3]!, 16), m[4] ? parseInt(m[4], 16) : 255] : NO_COLOUR;
}

function linesOf(geometry: GeoJSON.Geometry | null): Position[][] {
  if (geometry?.type === 'LineString') return [geometry.coordinates as Position[]];
  if (geometry?.type === 'MultiLineString') return geometry.coordinates as Position[][];
  return [];
}

/** The layer's features as deck.gl data, coloured from its legends (done once per load). */
export function prepareYearlines(layer: MapLayer<YearlinesDraw>, legends: readonly Legend[]): PreparedYearlines {
  const draw: Partial<YearlinesDraw> = layer.draw ?? {};
  const itemsOf = (year: number) => legends.find((l) => l.id === (draw.lineLegends?.[String(year)] ?? layer.legend))?.items ?? [];
  const colourOfYear = (year: number) => rgba(itemsOf(year).find((i) => String(i.code) === String(year))?.color ?? layer.color);
  const paths: YearPath[] = [];
  const points: TransectPoint[] = [];
  for (const f of layer.geoJson?.features ?? []) {
    const year = Number(f.properties?.line_year);
    if (f.geometry?.type === 'Point') {
      const [lon, lat] = f.geometry.coordinates as [number, number];
      const gid = f.properties?.gid as number | string | undefined;
      points.push({ position: [lon, lat], distances: (f.properties?.distances as Array<number | null>) ?? [], ...(gid !== undefined ? { gid } : {}) });
    } else if (Number.isFinite(year)) for (const path of linesOf(f.geometry)) paths.push({ path, year, color: colourOfYear(year) });
  }
  const years = draw.years ?? [];
  const rateItems = legends.find((l) => l.id === draw.transectLegend)?.items ?? [];
  const colours = new Map<number, Rgba[]>();
  const transectColours = (index: number) => {
    if (!colours.has(index)) colours.set(index, points.map((pt) => transectColour(rateItems, pt, years, index)));
    return colours.get(index)!;
  };
  const byYear = years.map((year) => ({ year, paths: paths.filter((pt) => pt.year === year) })).filter((y) => y.paths.length > 0);
  return { id: layer.id, years, trail: draw.trail ?? 0.25, paths, byYear, points, rateItems, transectColours };
}

/** A transect's end-point rate (m/year) from its first year with a line up to `years[index]`;
 *  null when that year has no line or no earlier year has one. */
export function rateUpTo(point: TransectPoint, years: readonly number[], index: number): number | null {
  const end = point.distances[index];
  const from = point.distances.findIndex((d) => d !== null && d !== undefined);
  if (end === null || end === undefined || from < 0 || from >= index) return null;
  return (end - point.distances[from]!) / (years[index]! - years[from]!);
}

/** The colour of a transect at the year `years[index]` by the rate legend's class. */
export function transectColour(items: readonly LegendItem[], point: TransectPoint, years: readonly number[], index: number): Rgba {
  const rate = rateUpTo(point, years, index);
  const at = rate === null ? null : legendClass(items, rate);
  return at === null ? [0, 0, 0, 0] : rgba(items[at]!.color);
}
