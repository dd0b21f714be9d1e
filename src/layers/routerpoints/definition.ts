// routerpoints layer type (issue 14): the rows of a provider-router list answer
// (`{errors:'', data:[...]}`, SPEC.md §7) drawn as points at their longitude/latitude fields,
// coloured by the layer's legend, offered to charts and downloads like WFS features. Parameters
// come from pickers (a chosen level, the deepest chosen level, or a picker's value as it is),
// never pasted into the URL by hand; a `live` layer follows its pickers while shown. `trend` names the router mode that answers one point's
// history; the feature drawer then shows its rate ± confidence in words and a chart of every
// year with the fitted line and its confidence band instead of the plain property table.
// `bounds` sends the map's view as a parameter (the variable {bounds}: xmin,ymin,xmax,ymax in
// degrees, given by the toggle row while the map is zoomed in to minZoom): the rows in view.
import type { InstantiateContext, LayerDefinition, LoadedData } from '../types.ts';
import { layerSchema, type TemplateOf } from '../define.ts';
import { viewparams, PAINTED_AND_DRAWER } from '../schemaParts.ts';
import { baseInstance, fill, routerUrl, viewparamEntries } from '../request.ts';
import { requestUrl } from '../featureRequests.ts';
import { BOUNDS_VAR } from '../viewBounds.ts';

const name = { type: 'string', pattern: '^[a-zA-Z][a-zA-Z0-9_-]*$' } as const;
const field = { type: 'string', pattern: '^[a-z_][a-z0-9_]*$' } as const;

const routerpointsSchema = layerSchema(
  'routerpoints',
  'rows of a provider-router list drawn as points at their lon/lat fields, in the legend colours; offers its data; optional trend drawer',
  {
    router: {
      type: 'object',
      required: ['page', 'mode'],
      additionalProperties: false,
      properties: { page: { ...name, description: 'Router page, e.g. transects.' }, mode: { ...name, description: 'Router mode answering the rows, e.g. list.' } },
      description: 'The router request answering {data: [rows]}.',
    },
    params: { ...viewparams, description: 'Request parameters from pickers: {key, picker} or {key, deepest}; unchosen ones are left out.' },
    position: {
      type: 'object',
      required: ['lon', 'lat'],
      additionalProperties: false,
      properties: { lon: { ...field, description: 'Longitude field (degrees).' }, lat: { ...field, description: 'Latitude field (degrees).' } },
      description: 'The fields holding each row\'s position (EPSG:4326).',
    },
    bounds: {
      type: 'object',
      required: ['key', 'minZoom', 'message'],
      additionalProperties: false,
      properties: {
        key: { ...name, description: 'The parameter, e.g. bbox.' },
        minZoom: { type: 'number', minimum: 0, maximum: 22, description: 'Below this zoom nothing is asked (a whole coast is too many points): the row shows `message`.' },
        message: { type: 'string', minLength: 1, description: "Thai message below minZoom, e.g. 'กรุณาซูมแผนที่เข้าใกล้ขึ้น'." },
      },
      description:
        "Send the map's view as this parameter (xmin,ymin,xmax,ymax in degrees, EPSG:4326): the rows in view. With `live`, moving the map reloads (debounced).",
    },
    live: { type: 'boolean', description: 'While shown, load again (keeping the map view) when its request changes: a period or toggle picker redraws the points, charts and downloads at once.' },
    trend: {
      type: 'object',
      required: ['mode', 'id'],
      additionalProperties: false,
      properties: {
        mode: { ...name, description: "Router mode of the same page answering one point's history, e.g. history." },
        id: { ...field, description: 'The row field sent as the parameter of the same name, e.g. gid.' },
        keep: { type: 'array', items: { type: 'string', pattern: '^[a-z_]+$' }, description: 'Parameters of the list request sent along (the period: start, end).' },
      },
      description: 'A click opens the trend drawer: rate ± confidence in words, statistics, outlier years, quality and a chart of every year.',
    },
  },
  ['router', 'position'],
  PAINTED_AND_DRAWER,
);

export type RouterpointsTemplate = TemplateOf<typeof routerpointsSchema>;

/** What the drawer needs to ask for one clicked point's history (kept on the instance). */
export interface TrendRequest {
  url: string;
  page: string;
  mode: string;
  id: string;
  params: Record<string, string>;
}

/** What the definition gives the drawer (draw.ts). */
export interface RouterpointsDraw {
  trend?: TrendRequest;
}

/** The history request of one point: the router's trend mode for its id, or undefined without one. */
export function trendUrl(trend: TrendRequest, properties: Readonly<Record<string, unknown>>): string | undefined {
  const id = properties[trend.id];
  if (typeof id !== 'string' && typeof id !== 'number') return undefined;
  const query = new URLSearchParams({ page: trend.page, mode: trend.mode, ...trend.params, [trend.id]: String(id) });
  return `${trend.url}?${query.toString()}`;
}

function requestParams(t: RouterpointsTemplate, ctx: Pick<InstantiateContext, 'values' | 'vars'>): Record<string, string> {
  const params = Object.fromEntries(viewparamEntries(t.params ?? [], ctx.values));
  if (!t.bounds) return params;
  const view = ctx.vars[BOUNDS_VAR];
  if (!view) throw new Error(t.bounds.message);
  return { ...params, [t.bounds.key]: view };
}

/** Rows of a router answer as point features; rows without a finite position are left out. */
export function rowsToPoints(answer: unknown, position: { lon: string; lat: string }, url: string): GeoJSON.FeatureCollection<GeoJSON.Point> {
  const data = answer && typeof answer === 'object' ? (answer as { data?: unknown }).data : undefined;
  if (!Array.isArray(data)) throw new Error(`answer from ${url} has no data list`);
  const features = data.flatMap((row): GeoJSON.Feature<GeoJSON.Point>[] => {
    if (!row || typeof row !== 'object') return [];
    const r = row as Record<string, unknown>;
    const lon = Number(r[position.lon]);
    const lat = Number(r[position.lat]);
    if (r[position.lon] === null || r[position.lat] === null || !Number.isFinite(lon) || !Number.isFinite(lat)) return [];
    return [{ type: 'Feature', geometry: { type: 'Point', coordinates: [lon, lat] }, properties: r }];
  });
  return { type: 'FeatureCollection', features };
}

export const routerpointsDefinition: LayerDefinition<RouterpointsTemplate, RouterpointsDraw> = {
  type: 'routerpoints',
  schema: routerpointsSchema,
  example: {
    id: 'rates', type: 'routerpoints', name: 'อัตราการเปลี่ยนแปลง พ.ศ. {start}-{end}', router: { page: 'transects', mode: 'list' },
    params: [{ key: 'pv', picker: 'province' }, { key: 'start', picker: 'start' }, { key: 'end', picker: 'end' }],
    position: { lon: 'lon', lat: 'lat' }, legend: 'transect-rate', live: true, trend: { mode: 'history', id: 'gid', keep: ['start', 'end'] },
  },
  offersData: true,
  featureInfo: 'drawn',
  viewBounds: (t) => t.bounds && { minZoom: t.bounds.minZoom, message: t.bounds.message },
  instantiate(t, ctx) {
    const params = requestParams(t, ctx);
    const trend: TrendRequest | undefined = t.trend && {
      url: routerUrl(ctx.app),
      page: t.router.page,
      mode: t.trend.mode,
      id: t.trend.id,
      params: Object.fromEntries((t.trend.keep ?? []).flatMap((k) => (params[k] !== undefined ? [[k, params[k]]] : []))),
    };
    return {
      ...baseInstance(t, ctx),
      url: routerUrl(ctx.app),
      options: { page: fill(t.router.page, ctx), mode: fill(t.router.mode, ctx), ...params },
      ...(trend ? { draw: { trend } } : {}),
    };
  },
  async load(t, instance, ctx): Promise<LoadedData> {
    const request = { url: instance.url ?? routerUrl(ctx.app), method: 'GET' as const, params: instance.options };
    const url = requestUrl(request);
    const answer = await ctx.deps.fetchJson(url, { method: 'GET', ...(ctx.deps.signal ? { signal: ctx.deps.signal } : {}) });
    const geoJson = rowsToPoints(answer, t.position, url);
    return { geoJson, parts: [{ features: geoJson }], request: { typeName: `${t.router.page}:${t.router.mode}`, params: requestParams(t, ctx) } };
  },
  crossCheck(t) {
    const keys = new Set((t.params ?? []).map((p) => p.key));
    return (t.trend?.keep ?? []).flatMap((k, i) => (keys.has(k) ? [] : [{ path: ['trend', 'keep', i], message: `no parameter "${k}" in params to keep` }]));
  },
};
