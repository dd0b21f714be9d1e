// `places` section (SPEC.md §2 radar zones): preset places the map flies to.
import { lonLat } from '../../layers/schemaParts.ts';
import { sectionSchema, type SectionOf } from '../define.ts';
import type { SectionDefinition } from '../types.ts';

const placesSchema = sectionSchema(
  'places',
  'preset places the map flies to (radar zones)',
  {
    title: { type: 'string' },
    places: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        required: ['label', 'center'],
        additionalProperties: false,
        properties: {
          label: { type: 'string' },
          center: lonLat,
          zoom: { type: 'number', minimum: 0, maximum: 20, description: 'Default: app.map.flyToZoom (8).' },
        },
      },
    },
  },
  ['places'],
);

type PlacesSection = SectionOf<typeof placesSchema>;

export const placesDefinition: SectionDefinition<PlacesSection> = {
  kind: 'places',
  schema: placesSchema,
  example: { kind: 'places', title: 'พื้นที่ติดตั้งเรดาร์', places: [{ label: 'โซนที่ 1 อ่าวไทยตอนบน', center: [100.6, 13.2], zoom: 8 }] },
};
