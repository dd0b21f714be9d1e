// Circle layer type (SPEC.md §3): a circle of a radius in metres (default 100) around a point,
// drawn as a filled polygon that scales with the map.
import type { LayerDefinition } from '../types.ts';
import { layerSchema, type TemplateOf } from '../define.ts';
import { lonLat, PAINTED } from '../schemaParts.ts';
import { baseInstance } from '../request.ts';
import { circlePolygon, collection } from '../shapes.ts';

const circleSchema = layerSchema(
  'circle',
  'a circle of a radius in metres around a point (SPEC.md §3 default radius 100)',
  { center: lonLat, radius: { type: 'number', exclusiveMinimum: 0, default: 100, description: 'Radius in metres.' } },
  ['center'],
  PAINTED,
);

export type CircleTemplate = TemplateOf<typeof circleSchema>;

export const circleDefinition: LayerDefinition<CircleTemplate> = {
  type: 'circle',
  schema: circleSchema,
  example: { id: 'site', type: 'circle', name: 'รัศมี 500 เมตร', center: [100.5231, 13.7367], radius: 500, color: '#FF0000' },
  offersData: false,
  featureInfo: 'none',
  instantiate: (t, ctx) => ({ ...baseInstance(t, ctx), options: {} }),
  features: (t) => collection(circlePolygon(t.center as [number, number], t.radius), { radius_m: t.radius }),
};
