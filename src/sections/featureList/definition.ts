// `featureList` section (SPEC.md §2 /cctv): the items of a source, each showing its `label` field
// (CODE) and `detail` field (SITE); clicking one fits the map to the item's `point` ([lon, lat]).
import { sectionSchema, type SectionOf } from '../define.ts';
import { source } from '../schemaParts.ts';
import type { SectionDefinition } from '../types.ts';
import { POINT_FIELD, sourceFieldNames } from './items.ts';

const featureListSchema = sectionSchema(
  'featureList',
  'a list of features; clicking one fits the map to it (CCTV)',
  {
    title: { type: 'string' },
    source: { ...source, description: "The items; each row's `point` ([lon, lat], listed in fields.extra) is where a click fits the map." },
    label: { type: 'string', description: 'Field shown for each item, e.g. CODE.' },
    detail: { type: 'string', description: 'Secondary field, e.g. SITE.' },
  },
  ['source', 'label'],
);

type FeatureListSection = SectionOf<typeof featureListSchema>;

export const featureListDefinition: SectionDefinition<FeatureListSection> = {
  kind: 'featureList',
  schema: featureListSchema,
  example: {
    kind: 'featureList',
    title: 'จุดติดตั้งกล้อง CCTV',
    source: { asset: 'cctv.json', fields: { value: 'CODE', label: 'CODE', extra: ['SITE', 'point'] } },
    label: 'CODE',
    detail: 'SITE',
  },
  crossCheck(s, ctx) {
    ctx.source(['source'], s.source);
    const fields = sourceFieldNames(s.source);
    if (!fields) return; // fixed options and variant lists carry no row fields
    for (const key of ['label', 'detail'] as const) {
      const field = s[key];
      if (field !== undefined && !fields.includes(field)) ctx.add([key], `field "${field}" is not read from the source; add it to source.fields.extra`);
    }
    if (!fields.includes(POINT_FIELD)) ctx.add(['source'], `a featureList needs each item's "${POINT_FIELD}" ([lon, lat]) to fit the map to it; add it to source.fields.extra`);
  },
};
