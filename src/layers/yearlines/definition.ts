// yearlines layer type (issue 25 item 2): every year's line of an area, and optionally its
// transects' movement, loaded once and played by the year slider in the browser with deck.gl
// (draw.ts): the year's line in its legend colour, a faint trail of the earlier years, and each
// transect coloured by its rate of movement from the first year up to the year shown. Scrubbing
// changes GPU filter ranges only: no request after the load.
import type { LayerDefinition, LoadDeps, LoadedData } from '../types.ts';
import { layerSchema, type TemplateOf } from '../define.ts';
import { cql, id, template, viewparams } from '../schemaParts.ts';
import { baseInstance, buildCql, fill, routerUrl, serviceUrl, viewparamEntries } from '../request.ts';
import { fetchCollection, requestUrl } from '../featureRequests.ts';
import type { PickerValues } from '../../engine/options.ts';

const year = { type: 'integer', minimum: 2400, maximum: 2700 } as const;
const name = { type: 'string', pattern: '^[a-zA-Z][a-zA-Z0-9_-]*$' } as const;

const yearlinesSchema = layerSchema(
  'yearlines',
  "every year's line of an area loaded once and played by the year slider in the browser (deck.gl): the year's line, a faint trail of earlier years, transects coloured by their movement up to the year",
  {
    lines: {
      type: 'array',
      minItems: 1,
      description: 'WFS feature types with {year}, each with the years it is published for (oldest first); together the years the slider plays.',
      items: {
        type: 'object',
        required: ['layers', 'years'],
        additionalProperties: false,
        properties: {
          layers: { ...template, description: "WFS typeName with {year}, e.g. '{product}:cmline_{year}'." },
          years: { type: 'array', minItems: 1, uniqueItems: true, items: year },
          legend: { ...id, description: "Legend colouring these years' lines by line_year (default: the layer's legend)." },
        },
      },
    },
    cql,
    trail: { type: 'number', minimum: 0, maximum: 1, description: 'Opacity of the earlier years (default 0.25).' },
    transects: {
      type: 'object',
      required: ['router', 'legend'],
      additionalProperties: false,
      properties: {
        router: { type: 'object', required: ['page', 'mode'], additionalProperties: false, properties: { page: name, mode: name }, description: "Router mode answering rows with lon, lat, years and distances (m) of each transect, e.g. transects/series." },
        params: { ...viewparams, description: 'Area parameters from pickers ({key, picker}).' },
        legend: { ...id, description: 'Legend classifying the rate (m/year) of movement up to the year, e.g. change-rate.' },
      },
      description: 'Transect points coloured by their end-point rate from the first year to the year shown.',
    },
  },
  ['lines'],
  ['color', 'fit'],
);

type YearlinesTemplate = TemplateOf<typeof yearlinesSchema>;

/** What the drawer reads from the instance's `draw`. */
export interface YearlinesDraw {
  years: number[];
  /** The legend of each year's line (by year). */
  lineLegends: Record<string, string>;
  trail: number;
  transectLegend?: string;
}

/** The years the slider plays, oldest first. */
export function yearsOf(t: Pick<YearlinesTemplate, 'lines'>): number[] {
  return [...new Set(t.lines.flatMap((l) => l.years))].sort((a, b) => a - b);
}

async function yearLines(t: YearlinesTemplate, layers: string, y: number, ctx: { app: Parameters<typeof serviceUrl>[0]; values: PickerValues; deps: LoadDeps }): Promise<GeoJSON.Feature[]> {
  const cqlFilter = buildCql(t.cql ?? [], ctx.values);
  const typeName = fill(layers, { app: ctx.app, values: ctx.values, vars: { year: String(y) } });
  const params = { service: 'WFS', version: '2.0.0', request: 'GetFeature', typeNames: typeName, outputFormat: 'application/json', ...(cqlFilter ? { CQL_FILTER: cqlFilter } : {}) };
  const collection = await fetchCollection({ url: serviceUrl(ctx.app, 'wfs'), method: 'POST', params }, ctx.deps);
  // Only what the slider needs: the geometry and its year (less memory for a whole province).
  return collection.features.map((f) => ({ type: 'Feature', geometry: f.geometry, properties: { line_year: y } }));
}

/** Each transect's distance at every year played (null where its line is missing): one request. */
async function transectDistances(t: YearlinesTemplate, years: readonly number[], ctx: { app: Parameters<typeof routerUrl>[0]; values: PickerValues; deps: LoadDeps }): Promise<GeoJSON.Feature[]> {
  if (!t.transects || years.length < 2) return [];
  const area = Object.fromEntries(viewparamEntries(t.transects.params ?? [], ctx.values));
  const url = requestUrl({ url: routerUrl(ctx.app), method: 'GET', params: { page: t.transects.router.page, mode: t.transects.router.mode, ...area } });
  const answer = await ctx.deps.fetchJson(url, { method: 'GET', ...(ctx.deps.signal ? { signal: ctx.deps.signal } : {}) });
  const rows = ((answer as { data?: unknown[] } | null)?.data ?? []) as Array<Record<string, unknown>>;
  return rows.flatMap((row): GeoJSON.Feature[] => {
    const lon = Number(row.lon);
    const lat = Number(row.lat);
    const rowYears = Array.isArray(row.years) ? row.years.map(Number) : [];
    const rowDistances = Array.isArray(row.distances) ? row.distances.map(Number) : [];
    if (!Number.isFinite(lon) || !Number.isFinite(lat)) return [];
    const distances = years.map((y) => {
      const at = rowYears.indexOf(y);
      return at >= 0 && Number.isFinite(rowDistances[at]) ? rowDistances[at]! : null;
    });
    return [{ type: 'Feature', geometry: { type: 'Point', coordinates: [lon, lat] }, properties: { gid: row.gid, distances } }];
  });
}

export const yearlinesDefinition: LayerDefinition<YearlinesTemplate, YearlinesDraw> = {
  type: 'yearlines',
  schema: yearlinesSchema,
  example: {
    id: 'timeline', type: 'yearlines', name: 'แนวชายฝั่งรายปี', legend: 'cmline-years',
    lines: [{ layers: '{product}:shoreline_{year}', years: [2548, 2554, 2556, 2557, 2558, 2559] }, { layers: '{product}:cmline_{year}', years: [2562, 2563, 2564, 2565, 2566, 2567] }],
    cql: [{ field: 'prv_code', picker: 'province' }],
    transects: { router: { page: 'transects', mode: 'series' }, params: [{ key: 'pv', picker: 'province' }], legend: 'change-rate' },
  },
  offersData: false,
  // The drawer reads the deck.gl-drawn features through TimelineOverlay's hit test (hits.ts).
  featureInfo: 'drawn',
  timelineYears: yearsOf,
  instantiate(t, ctx) {
    const lineLegends = Object.fromEntries(t.lines.flatMap((l) => (l.legend ?? t.legend ? l.years.map((y) => [String(y), (l.legend ?? t.legend)!]) : [])));
    const draw: YearlinesDraw = { years: yearsOf(t), lineLegends, trail: t.trail ?? 0.25, ...(t.transects ? { transectLegend: t.transects.legend } : {}) };
    return { ...baseInstance(t, ctx), options: {}, draw };
  },
  async load(t, _instance, ctx): Promise<LoadedData> {
    const years = yearsOf(t);
    const [lines, points] = await Promise.all([Promise.all(t.lines.flatMap((l) => l.years.map((y) => yearLines(t, l.layers, y, ctx)))), transectDistances(t, years, ctx)]);
    const geoJson: GeoJSON.FeatureCollection = { type: 'FeatureCollection', features: [...lines.flat(), ...points] };
    return { geoJson, parts: [{ features: geoJson }] };
  },
};
