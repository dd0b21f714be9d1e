// Polygon layer type (SPEC.md §3 spatialData.polygon): a filled area from its corners.
import type { LayerDefinition } from '../types.ts';
import { layerSchema, type TemplateOf } from '../define.ts';
import { lonLat, PAINTED } from '../schemaParts.ts';
import { baseInstance } from '../request.ts';
import { closedRing, collection } from '../shapes.ts';

const polygonSchema = layerSchema(
  'polygon',
  'a filled area from its corners (closed automatically)',
  { coordinates: { type: 'array', minItems: 3, items: lonLat, description: 'Corners [lon, lat], in order.' } },
  ['coordinates'],
  PAINTED,
);

export type PolygonTemplate = TemplateOf<typeof polygonSchema>;

export const polygonDefinition: LayerDefinition<PolygonTemplate> = {
  type: 'polygon',
  schema: polygonSchema,
  example: { id: 'area', type: 'polygon', name: 'พื้นที่ศึกษา', coordinates: [[100.5, 13.5], [100.7, 13.5], [100.6, 13.7]], color: '#2AA7FE' },
  offersData: false,
  featureInfo: 'none',
  instantiate: (t, ctx) => ({ ...baseInstance(t, ctx), options: {} }),
  features: (t) => collection({ type: 'Polygon', coordinates: [closedRing(t.coordinates as Array<[number, number]>)] }),
};
