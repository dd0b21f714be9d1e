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
  declares: (s) => ({
    layerVariables: { [s.layer]: ['year'] },
    ...(s.years && 'options' in s.years ? { layerOptions: [{ layer: s.layer, variable: 'year', values: s.years.options, path: ['years', 'options'] }] } : {}),
  }),
  // A row per year: `<layer>-<year>` of the listed years, or of any year of a list read later.
  ownsRow(s, rowId) {
    if (!s.years) return false;
    if ('options' in s.years) return s.years.options.some((o) => rowId === `${s.layer}-${typeof o === 'number' ? o : o.value}`);
    const prefix = `${s.layer}-`;
    return rowId.startsWith(prefix) && /^[\w-]+$/.test(rowId.slice(prefix.length));
  },
  crossCheck(s, ctx) {
    ctx.layer(['layer'], s.layer);
    if (s.years) ctx.source(['years'], s.years);
    if (s.picker) ctx.picker(['picker'], s.picker);
    ctx.validations(['validate'], s.validate);
  },
};
