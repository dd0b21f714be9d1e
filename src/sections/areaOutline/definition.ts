// `areaOutline` section (issue 24 defect 6; SPEC.md §2 /dashboard location view): the outline of
// the area the page's pickers choose (the pickers with `area`: a province, district, sub-district
// or beach system) drawn on the map as a one-colour line, named in the layer list.
import { color } from '../../layers/schemaParts.ts';
import { sectionSchema, type SectionOf } from '../define.ts';
import type { SectionDefinition } from '../types.ts';

const areaOutlineSchema = sectionSchema(
  'areaOutline',
  'draws the outline of the chosen area (province, district, sub-district or beach system) on the map',
  {
    name: { type: 'string', minLength: 1, description: "The layer's name in the layer list, followed by the area's Thai name." },
    color: { ...color, description: 'The colour of the outline.' },
  },
  ['name', 'color'],
);

type AreaOutlineSection = SectionOf<typeof areaOutlineSchema>;

export const areaOutlineDefinition: SectionDefinition<AreaOutlineSection> = {
  kind: 'areaOutline',
  schema: areaOutlineSchema,
  example: { kind: 'areaOutline', name: 'ขอบเขต', color: '#E6194B' },
};
