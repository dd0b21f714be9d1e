// Rectangle layer type (SPEC.md §3 spatialData.rectangle): a box [west, south, east, north].
import type { LayerDefinition } from '../types.ts';
import { layerSchema, type TemplateOf } from '../define.ts';
import { PAINTED } from '../schemaParts.ts';
import { baseInstance } from '../request.ts';
import { collection, rectanglePolygon } from '../shapes.ts';

const rectangleSchema = layerSchema(
  'rectangle',
  'a box given as [west, south, east, north] in degrees',
  {
    bounds: {
      type: 'array', minItems: 4, maxItems: 4, items: { type: 'number', minimum: -180, maximum: 180 },
      description: '[west, south, east, north] in degrees (EPSG:4326).',
    },
  },
  ['bounds'],
  PAINTED,
);

export type RectangleTemplate = TemplateOf<typeof rectangleSchema>;

export const rectangleDefinition: LayerDefinition<RectangleTemplate> = {
  type: 'rectangle',
  schema: rectangleSchema,
  example: { id: 'box', type: 'rectangle', name: 'ขอบเขตโครงการ', bounds: [100.4, 13.4, 100.8, 13.8], color: '#FF0000', opacity: 0.5 },
  offersData: false,
  featureInfo: 'none',
  instantiate: (t, ctx) => ({ ...baseInstance(t, ctx), options: {} }),
  features: (t) => collection(rectanglePolygon(t.bounds as [number, number, number, number])),
  crossCheck(t) {
    const [w = 0, s = 0, e = 0, n = 0] = t.bounds;
    return w < e && s < n && s >= -90 && n <= 90 ? [] : [{ path: ['bounds'], message: 'bounds must be [west, south, east, north] with west < east, south < north and latitudes within -90..90' }];
  },
};
