/** Erosion and accretion chart data (SPEC.md §4 "Charts", §3 "Chart data: nested province >
 *  district (> sub-district) with area"): pure functions from GeoJSON result features to a
 *  nested tree of summed areas, and from that tree to flat rows for vega-lite and tables.
 *
 *  Rules (SPEC.md §4):
 *  - Charts only when the data is non-empty: every aggregate returns null when there is nothing
 *    to chart.
 *  - Administrative results: the level is province > district, or province > district >
 *    sub-district when the first feature's layer is not the province view (`chartLevel`).
 *  - Sub-district aggregation skips features lacking any of the three names or with a
 *    non-numeric area.
 *  - Island charts merge several result sets (one per island), always at province > district,
 *    count a missing area as 0, name a missing province 'ไม่ทราบจังหวัด' and a missing district
 *    'ไม่ทราบอำเภอ', and append the island name to the district in brackets: 'สิงหนคร (เกาะยอ)'.
 *
 *  Feature properties read (SPEC.md §3 "Feature properties"; the first name present wins):
 *  province prv_name | pv_tn, district amp_name | ap_tn, sub-district tam_name | tb_tn,
 *  area `area` (sq m), island `island`. A name is a non-blank string (trimmed); an area is a
 *  finite number or a string holding one (e.g. '1234.5'). */

import { sqmToSqkm, toRaiNganWah } from '../units.ts';

/** A result feature as far as charts care: GeoJSON features fit as they are. */
export interface ChartFeature {
  id?: string | number | null;
  properties?: Readonly<Record<string, unknown>> | null;
}

/** The deepest level a chart shows: province > district, or province > district > sub-district. */
export type ChartLevel = 'district' | 'subdistrict';

/** One bar group of the chart: a province, district or sub-district with its summed area. */
export interface ChartNode {
  name: string;
  /** Sum of the areas below, in sq m. */
  area_sqm: number;
  /** Districts of a province, sub-districts of a district; [] at the deepest level. */
  children: ChartNode[];
}

export interface ChartTree {
  /** 'admin' for province/district/sub-district results, 'island' for merged island results
   *  (the config's ChartSpec.aggregate). */
  kind: 'admin' | 'island';
  level: ChartLevel;
  /** Provinces in the order their first feature came. */
  provinces: ChartNode[];
  /** Sum of every charted area, in sq m. */
  area_sqm: number;
  /** How many features were charted and how many were skipped (admin rules only). */
  counted: number;
  skipped: number;
}

/** One leaf of the tree as a flat row (vega-lite data values, tables, the report). */
export interface ChartRow {
  province: string;
  district: string;
  /** Only at sub-district level. */
  subdistrict?: string;
  area_sqm: number;
  /** Whole rai, whole ngan and square wah of the area (SPEC.md §9, `toRaiNganWah`). */
  rai: number;
  ngan: number;
  wah: number;
  /** The area in sq km (SPEC.md §9: sq m x 0.000001). */
  sqkm: number;
}

/** One island's result set for `aggregateIslands`. */
export interface IslandResultSet {
  /** The island's name; when absent each feature's `island` property is used. */
  island?: string | null;
  features: readonly ChartFeature[];
}

export const UNKNOWN_PROVINCE = 'ไม่ทราบจังหวัด';
export const UNKNOWN_DISTRICT = 'ไม่ทราบอำเภอ';

const PROVINCE_KEYS = ['prv_name', 'pv_tn'] as const;
const DISTRICT_KEYS = ['amp_name', 'ap_tn'] as const;
const SUBDISTRICT_KEYS = ['tam_name', 'tb_tn'] as const;

export interface ChartLevelOptions {
  /** Whether a view (layer) name is the province view. Default: the name ends in 'province'
   *  (e.g. 'erosion_area_province', 'accretion_area_province'). */
  isProvinceView?: (view: string) => boolean;
}

/** The layer (view) a result feature comes from, without a workspace prefix: the feature's
 *  `layer` property when it is a non-blank string, else its id up to the last '.' (WFS feature
 *  ids are '<typeName>.<fid>', e.g. 'erosion_area_province.12' -> 'erosion_area_province';
 *  'tcs:erosion_area_tambon.3' -> 'erosion_area_tambon'). Null when neither gives a name. */
export function featureView(feature: ChartFeature): string | null {
  const layer = feature.properties?.layer;
  let view: string | null = null;
  if (typeof layer === 'string' && layer.trim() !== '') view = layer.trim();
  else if (typeof feature.id === 'string' && feature.id.includes('.')) view = feature.id.slice(0, feature.id.lastIndexOf('.'));
  if (view === null) return null;
  const name = view.slice(view.lastIndexOf(':') + 1);
  return name === '' ? null : name;
}

const defaultIsProvinceView = (view: string) => /province$/i.test(view);

/** SPEC.md §4: the chart level of an administrative result, read from the FIRST feature only
 *  (`featureView`: its `layer` property, else its id prefix). 'district' (province > district)
 *  when that is the province view, 'subdistrict' (province > district > sub-district) otherwise,
 *  including when the first feature names no view at all. Null for no features (no chart). */
export function chartLevel(features: readonly ChartFeature[], options: ChartLevelOptions = {}): ChartLevel | null {
  const [first] = features;
  if (!first) return null;
  const view = featureView(first);
  const isProvinceView = options.isProvinceView ?? defaultIsProvinceView;
  return view !== null && isProvinceView(view) ? 'district' : 'subdistrict';
}

/** The first non-blank name among `keys`, trimmed, or null. */
function nameOf(properties: Readonly<Record<string, unknown>>, keys: readonly string[]): string | null {
  for (const key of keys) {
    const value = properties[key];
    if (typeof value === 'string' && value.trim() !== '') return value.trim();
  }
  return null;
}

/** The feature's `area` in sq m when it is numeric (a finite number or a numeric string), else null. */
export function areaOf(feature: ChartFeature): number | null {
  const area = feature.properties?.area;
  if (typeof area === 'number') return Number.isFinite(area) ? area : null;
  if (typeof area === 'string' && area.trim() !== '') {
    const parsed = Number(area);
    return Number.isFinite(parsed) ? parsed : null;
  }
  return null;
}

/** Builds the nested tree from (path, area) entries, keeping first-seen order at every level. */
class TreeBuilder {
  readonly provinces: ChartNode[] = [];
  total = 0;

  add(path: readonly string[], area: number): void {
    this.total += area;
    let level = this.provinces;
    for (const name of path) {
      let node = level.find((candidate) => candidate.name === name);
      if (!node) {
        node = { name, area_sqm: 0, children: [] };
        level.push(node);
      }
      node.area_sqm += area;
      level = node.children;
    }
  }
}

export interface AdminAggregateOptions extends ChartLevelOptions {
  /** Force a level instead of reading it from the first feature. */
  level?: ChartLevel;
}

/** SPEC.md §4 chart of an administrative (province, district or sub-district) erosion or
 *  accretion result. At sub-district level a feature lacking any of the three names or with a
 *  non-numeric area is skipped. At district level (the province view) a feature lacking a
 *  province or district name or with a non-numeric area is skipped likewise (SPEC.md does not say
 *  otherwise there; the same rule keeps 'undefined' bars and NaN sums out of the chart).
 *  Null when there is nothing to chart (no features, or every feature skipped). */
export function aggregateAdmin(features: readonly ChartFeature[], options: AdminAggregateOptions = {}): ChartTree | null {
  const level = options.level ?? chartLevel(features, options);
  if (level === null) return null;
  const keys = level === 'subdistrict' ? [PROVINCE_KEYS, DISTRICT_KEYS, SUBDISTRICT_KEYS] : [PROVINCE_KEYS, DISTRICT_KEYS];
  const tree = new TreeBuilder();
  let counted = 0;
  for (const feature of features) {
    const properties = feature.properties ?? {};
    const path = keys.map((alternatives) => nameOf(properties, alternatives));
    const area = areaOf(feature);
    if (area === null || path.some((name) => name === null)) continue;
    tree.add(path as string[], area);
    counted += 1;
  }
  if (counted === 0) return null;
  return { kind: 'admin', level, provinces: tree.provinces, area_sqm: tree.total, counted, skipped: features.length - counted };
}

/** The district label of an island chart: 'สิงหนคร (เกาะยอ)', or the district alone when no
 *  island name is known. */
export function islandDistrictLabel(district: string, island: string | null): string {
  return island ? `${district} (${island})` : district;
}

/** SPEC.md §4 island chart: merges the result sets (one per island) into one province > district
 *  tree. Nothing is skipped: a missing or non-numeric area counts as 0, a missing province is
 *  'ไม่ทราบจังหวัด', a missing district 'ไม่ทราบอำเภอ', and the island name (the set's `island`,
 *  else the feature's `island` property) is appended to the district in brackets. Features of the
 *  same province, district and island add up. Null when the sets hold no features at all. */
export function aggregateIslands(resultSets: readonly IslandResultSet[]): ChartTree | null {
  const tree = new TreeBuilder();
  let counted = 0;
  for (const { island: setIsland, features } of resultSets) {
    const islandOfSet = typeof setIsland === 'string' && setIsland.trim() !== '' ? setIsland.trim() : null;
    for (const feature of features) {
      const properties = feature.properties ?? {};
      const island = islandOfSet ?? nameOf(properties, ['island']);
      const province = nameOf(properties, PROVINCE_KEYS) ?? UNKNOWN_PROVINCE;
      const district = nameOf(properties, DISTRICT_KEYS) ?? UNKNOWN_DISTRICT;
      tree.add([province, islandDistrictLabel(district, island)], areaOf(feature) ?? 0);
      counted += 1;
    }
  }
  if (counted === 0) return null;
  return { kind: 'island', level: 'district', provinces: tree.provinces, area_sqm: tree.total, counted, skipped: 0 };
}

/** One row per leaf of the tree (district, or sub-district at sub-district level), in tree
 *  order, with the area as sq m, rai/ngan/wah and sq km. [] for null. */
export function toChartRows(tree: ChartTree | null): ChartRow[] {
  if (!tree) return [];
  const row = (province: string, district: string, subdistrict: string | undefined, area: number): ChartRow => ({
    province,
    district,
    ...(subdistrict === undefined ? {} : { subdistrict }),
    area_sqm: area,
    ...toRaiNganWah(area),
    sqkm: sqmToSqkm(area),
  });
  return tree.provinces.flatMap((province) =>
    province.children.flatMap((district) =>
      tree.level === 'subdistrict'
        ? district.children.map((subdistrict) => row(province.name, district.name, subdistrict.name, subdistrict.area_sqm))
        : [row(province.name, district.name, undefined, district.area_sqm)],
    ),
  );
}
