// `yearLayers` section (SPEC.md §2): one toggle row per year of a list, each adding the layer for
// that year ({year} in its templates); or the years chosen in a multiselect picker, added with
// one button.
import { id } from '../../layers/schemaParts.ts';
import { sectionSchema, type SectionOf } from '../define.ts';
import { source, validationRefs } from '../schemaParts.ts';
import type { SectionDefinition } from '../types.ts';

const yearLayersSchema = {
  ...sectionSchema(
    'yearLayers',
    'one toggle row per year of a list, each adding the layer for that year',
    {
      title: { type: 'string' },
      years: { ...source, description: 'One toggle row per year of this list.' },
      picker: { ...id, description: 'Or: the years chosen in this multiselect picker, added with one button.' },
      layer: { ...id, description: 'The layer template, filled with {year}.' },
      validate: validationRefs,
    },
    ['title', 'layer'],
  ),
  oneOf: [
    { title: 'years (a list of years)', required: ['years'] },
    { title: 'picker (a multiselect of years)', required: ['picker'] },
  ],
} as const;

type YearLayersSection = SectionOf<typeof yearLayersSchema>;

export const yearLayersDefinition: SectionDefinition<YearLayersSection> = {
  kind: 'yearLayers',
  schema: yearLayersSchema,
  example: { kind: 'yearLayers', title: 'ชั้นข้อมูลแนวชายฝั่ง', years: { list: 'years' }, layer: 'coastline', validate: ['province-required'] },
  declares: (s) => ({ layerVariables: { [s.layer]: ['year'] } }),
  crossCheck(s, ctx) {
    ctx.layer(['layer'], s.layer);
    if (s.years) ctx.source(['years'], s.years);
    if (s.picker) ctx.picker(['picker'], s.picker);
    ctx.validations(['validate'], s.validate);
  },
};
