// `rows` section (SPEC.md §2 change-area pages, §4): toggle rows ('แสดง' / 'ซ่อน'), each adding
// or removing one layer; a row id names its result for charts and downloads.
import { color, id } from '../../layers/schemaParts.ts';
import { sectionSchema, type SectionOf } from '../define.ts';
import { validationRefs } from '../schemaParts.ts';
import type { SectionDefinition } from '../types.ts';

const rowsSchema = sectionSchema(
  'rows',
  "toggle rows ('แสดง' / 'ซ่อน'), each adding or removing one layer",
  {
    title: { type: 'string' },
    rows: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        required: ['id', 'label', 'layer'],
        additionalProperties: false,
        properties: {
          id: { ...id, description: 'Row id: its result feeds charts and downloads (`from`).' },
          label: { type: 'string' },
          layer: id,
          swatch: color,
          validate: validationRefs,
        },
      },
    },
  },
  ['rows'],
);

type RowsSection = SectionOf<typeof rowsSchema>;

export const rowsDefinition: SectionDefinition<RowsSection> = {
  kind: 'rows',
  schema: rowsSchema,
  example: { kind: 'rows', rows: [{ id: 'erosion', label: 'พื้นที่กัดเซาะ', layer: 'erosion', swatch: '#FF0000', validate: ['province-required'] }] },
  declares: (s) => ({ rows: s.rows.map((r, k) => ({ id: r.id, layer: r.layer, path: ['rows', k, 'id'] })) }),
  ownsRow: (s, rowId) => s.rows.some((r) => r.id === rowId),
  crossCheck(s, ctx) {
    s.rows.forEach((r, k) => {
      ctx.layer(['rows', k, 'layer'], r.layer);
      ctx.validations(['rows', k, 'validate'], r.validate);
    });
  },
};
