// CircleMarker layer type (SPEC.md §3): a point drawn as a circle of a fixed size in pixels.
import type { LayerDefinition } from '../types.ts';
import { layerSchema, type TemplateOf } from '../define.ts';
import { lonLat, PAINTED } from '../schemaParts.ts';
import { baseInstance } from '../request.ts';
import { collection } from '../shapes.ts';

const circlemarkerSchema = layerSchema(
  'circlemarker',
  'a point drawn as a circle of a fixed size in pixels',
  { center: lonLat, radius: { type: 'number', exclusiveMinimum: 0, default: 10, description: 'Radius in pixels.' } },
  ['center'],
  PAINTED,
);

export type CirclemarkerTemplate = TemplateOf<typeof circlemarkerSchema>;

/** What the definition gives the drawer (draw.ts). */
export interface CirclemarkerDraw {
  radiusPx: number;
}

export const circlemarkerDefinition: LayerDefinition<CirclemarkerTemplate, CirclemarkerDraw> = {
  type: 'circlemarker',
  schema: circlemarkerSchema,
  example: { id: 'gps-default', type: 'circlemarker', name: 'จุดอ้างอิง', center: [102.1102309, 13.0402201], radius: 5, color: '#FF0000' },
  offersData: false,
  featureInfo: 'none',
  instantiate: (t, ctx) => ({ ...baseInstance(t, ctx), options: {}, draw: { radiusPx: t.radius } }),
  features: (t) => collection({ type: 'Point', coordinates: [...t.center] }),
};
