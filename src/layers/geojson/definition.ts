// GeoJSON layer type (SPEC.md §3 geoJson; §7 "a generic feature loader sends form-encoded
// parameters by POST unless another method is given and expects a GeoJSON collection"): a
// bundled asset or a URL answering a FeatureCollection; offers its data like WFS.
import type { LayerDefinition } from '../types.ts';
import { layerSchema, type TemplateOf } from '../define.ts';
import { asset, method, PAINTED_AND_DRAWER } from '../schemaParts.ts';
import { loadFeatureParts } from '../featureRequests.ts';
import { assetUrl, baseInstance, fill } from '../request.ts';

const geojsonSchema = layerSchema(
  'geojson',
  'a GeoJSON FeatureCollection from a bundled asset or a URL, drawn in the legend colours; offers its data',
  {
    asset,
    url: { type: 'string', pattern: '^(https?://|/)', description: 'A URL answering a GeoJSON FeatureCollection (path on our server or absolute).' },
    // no schema default: a url is fetched by POST unless `method` says otherwise, an asset by GET (crossCheck refuses a method on an asset)
    method: { enum: method.enum, description: 'POST unless GET is given (SPEC.md §7); a bundled asset is read with GET.' },
    params: { type: 'object', additionalProperties: { type: 'string' }, description: 'Fixed form parameters ({variables} allowed), sent as the POST body or the GET query.' },
  },
  [],
  PAINTED_AND_DRAWER,
);

export type GeojsonTemplate = TemplateOf<typeof geojsonSchema>;

export const geojsonDefinition: LayerDefinition<GeojsonTemplate> = {
  type: 'geojson',
  schema: geojsonSchema,
  example: { id: 'beaches', type: 'geojson', name: 'ชายหาด', url: '/tcs/v2/router', params: { page: 'beaches' }, legend: 'stations', fit: true },
  offersData: true,
  compareSide: true,
  featureInfo: 'drawn',
  instantiate(t, ctx) {
    return { ...baseInstance(t, ctx), url: t.asset ? assetUrl(ctx.app, t.asset) : fill(t.url ?? '', ctx), options: {} };
  },
  async load(t, instance, ctx) {
    const params = Object.fromEntries(Object.entries(t.params ?? {}).map(([k, v]) => [k, fill(v, ctx)]));
    const method = t.asset ? 'GET' : (t.method ?? 'POST');
    return loadFeatureParts([{ request: { url: instance.url ?? '', method, params } }], ctx.deps);
  },
  crossCheck(t) {
    if (!t.asset === !t.url) return [{ path: [], message: 'a geojson layer needs exactly one of asset or url' }];
    if (t.asset && (t.params || t.method)) return [{ path: [t.params ? 'params' : 'method'], message: 'a bundled asset is read with GET and takes no parameters' }];
    return [];
  },
};
