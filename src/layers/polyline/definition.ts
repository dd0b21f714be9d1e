// Polyline layer type (SPEC.md §3 spatialData.polyline): a line through its points.
import type { LayerDefinition } from '../types.ts';
import { layerSchema, type TemplateOf } from '../define.ts';
import { lonLat, PAINTED } from '../schemaParts.ts';
import { baseInstance } from '../request.ts';
import { collection } from '../shapes.ts';

const polylineSchema = layerSchema(
  'polyline',
  'a line through its points',
  { coordinates: { type: 'array', minItems: 2, items: lonLat, description: 'Points [lon, lat], in order.' } },
  ['coordinates'],
  PAINTED,
);

export type PolylineTemplate = TemplateOf<typeof polylineSchema>;

export const polylineDefinition: LayerDefinition<PolylineTemplate> = {
  type: 'polyline',
  schema: polylineSchema,
  example: { id: 'transect', type: 'polyline', name: 'แนวตั้งฉากชายฝั่ง', coordinates: [[100.5, 13.5], [100.6, 13.6]], color: '#FF0000' },
  offersData: false,
  featureInfo: 'none',
  instantiate: (t, ctx) => ({ ...baseInstance(t, ctx), options: {} }),
  features: (t) => collection({ type: 'LineString', coordinates: t.coordinates.map(([x, y]) => [x, y]) }),
};
