// WFS layer type (SPEC.md §3, §7): features fetched as GeoJSON, POST form-encoded unless `method`
// says GET, drawn by MapLibre in the colours of the layer's legend, offered to charts, downloads
// and the report. Where the request goes is explicit config:
// - service 'wfs': WFS 2.0.0 GetFeature, typeNames + CQL_FILTER (+ viewparams);
// - service 'ows' (or an external URL): WFS 1.0.0 GetFeature, typeName + viewparams (SQL views);
// - router: { page }: the provider router's page (e.g. wfsisland) with the viewparams as plain
//   parameters and typeNames.
// `splitBy` sends one request per chosen item of a multi-select (several islands) and labels
// each part with the item's name (island charts, SPEC.md §4).
import type { LayerDefinition, LoadedData } from '../types.ts';
import { layerSchema, type TemplateOf } from '../define.ts';
import { cql, id, method, template, viewparams, PAINTED_AND_DRAWER } from '../schemaParts.ts';
import { loadFeatureParts } from '../featureRequests.ts';
import { baseInstance, buildCql, fill, routerUrl, serviceUrl, splitParts, viewparamEntries, viewparamsText } from '../request.ts';

const wfsSchema = layerSchema(
  'wfs',
  'features from a WFS (or the provider router) as GeoJSON, drawn in the legend colours; offers its data to charts and downloads',
  {
    service: { type: 'string', pattern: '^(wfs|ows|https?://.+)$', description: "'wfs' (WFS 2.0.0 with CQL_FILTER), 'ows' (WFS 1.0.0 with viewparams) or an external WFS URL" },
    router: {
      type: 'object',
      required: ['page'],
      additionalProperties: false,
      properties: { page: { type: 'string', pattern: '^[a-zA-Z][a-zA-Z0-9_-]*$', description: 'Router page answering GeoJSON, e.g. wfsisland (SPEC.md §7).' } },
      description: 'Ask the provider router instead of a WFS: the viewparams are sent as plain parameters, with typeNames.',
    },
    layers: { ...template, description: "The feature type (typeName), e.g. '{product}:erosion_area'." },
    cql,
    viewparams,
    method,
    splitBy: { ...id, description: 'A multi-select picker: one request per chosen item, each part labelled with its name (island charts).' },
  },
  ['layers'],
  PAINTED_AND_DRAWER,
);

export type WfsTemplate = TemplateOf<typeof wfsSchema>;

function requestFor(t: WfsTemplate, app: Parameters<typeof serviceUrl>[0], typeName: string, values: Parameters<typeof buildCql>[1]) {
  const entries = viewparamEntries(t.viewparams ?? [], values);
  const { method } = t;
  if (t.router) return { url: routerUrl(app), method, params: { page: t.router.page, ...Object.fromEntries(entries), typeNames: typeName } };
  const cqlFilter = buildCql(t.cql ?? [], values);
  const vp = viewparamsText(entries);
  const service = t.service ?? 'wfs';
  const filters = { ...(cqlFilter ? { CQL_FILTER: cqlFilter } : {}), ...(vp ? { viewparams: vp } : {}) };
  if (service === 'wfs') {
    return { url: serviceUrl(app, 'wfs'), method, params: { service: 'WFS', version: '2.0.0', request: 'GetFeature', typeNames: typeName, outputFormat: 'application/json', ...filters } };
  }
  return { url: serviceUrl(app, service), method, params: { service: 'WFS', version: '1.0.0', request: 'GetFeature', typeName, outputFormat: 'application/json', ...filters } };
}

export const wfsDefinition: LayerDefinition<WfsTemplate> = {
  type: 'wfs',
  schema: wfsSchema,
  example: {
    id: 'erosion', type: 'wfs', name: 'พื้นที่กัดเซาะ พ.ศ. {start}-{end}', service: 'ows', layers: '{product}:erosion_area',
    viewparams: [{ key: 'code', deepest: ['province', 'district', 'subdistrict'] }, { key: 'start', picker: 'start' }, { key: 'end', picker: 'end' }],
    legend: 'erosion-accretion', legendItem: 'erosion', fit: true,
  },
  offersData: true,
  compareSide: true,
  featureInfo: 'drawn',
  instantiate(t, ctx) {
    return { ...baseInstance(t, ctx), options: { typeName: fill(t.layers, ctx) } };
  },
  async load(t, instance, ctx): Promise<LoadedData> {
    const typeName = instance.options.typeName ?? '';
    const parts = splitParts(t.splitBy, t.viewparams ?? [], ctx.values).map((part) => ({ ...(part.label !== undefined ? { label: part.label } : {}), request: requestFor(t, ctx.app, typeName, part.values), values: part.values }));
    const loaded = await loadFeatureParts(parts, ctx.deps);
    const first = parts[0];
    const entries = first ? viewparamEntries(t.viewparams ?? [], first.values) : [];
    const vp = viewparamsText(entries);
    return { ...loaded, request: { typeName, ...(vp ? { viewparams: vp } : {}), viewparamEntries: Object.fromEntries(entries) } };
  },
  crossCheck(t) {
    if (t.router && t.service) return [{ path: ['router'], message: 'give either service or router, not both' }];
    if (t.router && t.cql) return [{ path: ['cql'], message: 'a router request takes no CQL_FILTER; use viewparams (sent as parameters)' }];
    if (t.splitBy && !(t.viewparams ?? []).some((v) => (v.picker ?? '').split('.')[0] === t.splitBy || (v.deepest ?? []).includes(t.splitBy ?? ''))) {
      return [{ path: ['splitBy'], message: `no viewparam reads picker "${t.splitBy}": splitting would send the same request for every item` }];
    }
    return [];
  },
};
