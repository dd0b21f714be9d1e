// `addLayer` section (SPEC.md §2 lake island, §5): a button that adds a layer of the variant after
// its validations pass.
import { id } from '../../layers/schemaParts.ts';
import { sectionSchema, type SectionOf } from '../define.ts';
import { validationRefs } from '../schemaParts.ts';
import type { SectionDefinition } from '../types.ts';

const addLayerSchema = sectionSchema(
  'addLayer',
  'a button that adds a layer (after validation)',
  { label: { type: 'string' }, layer: id, validate: validationRefs },
  ['label', 'layer'],
);

type AddLayerSection = SectionOf<typeof addLayerSchema>;

export const addLayerDefinition: SectionDefinition<AddLayerSection> = {
  kind: 'addLayer',
  schema: addLayerSchema,
  example: { kind: 'addLayer', label: 'เพิ่มชั้นข้อมูล พ.ศ. 2567', layer: 'lake-island', validate: ['island-required'] },
  ownsRow: (s, rowId) => rowId === s.layer,
  crossCheck(s, ctx) {
    ctx.layer(['layer'], s.layer);
    ctx.validations(['validate'], s.validate);
  },
};
