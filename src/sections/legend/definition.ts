// `legend` section: a legend card of config/legends.yaml, collapsible with 'แสดง' / 'ย่อ'
// (SPEC.md §4); `collapsed: true` starts it collapsed.
import { id } from '../../layers/schemaParts.ts';
import { sectionSchema, type SectionOf } from '../define.ts';
import type { SectionDefinition } from '../types.ts';

const legendSchema = sectionSchema(
  'legend',
  "legend card with 'แสดง'/'ย่อ' collapse",
  {
    legend: { ...id, description: 'Legend id from config/legends.yaml.' },
    collapsed: { type: 'boolean', description: 'Start collapsed (the land-use legend).' },
    items: {
      type: 'array',
      minItems: 1,
      items: { type: ['string', 'number'] },
      description: 'Show only the items of these codes (the radar page shows the radar station of a legend shared with CCTV).',
    },
  },
  ['legend'],
);

export type LegendSection = SectionOf<typeof legendSchema>;

export const legendDefinition: SectionDefinition<LegendSection> = {
  kind: 'legend',
  schema: legendSchema,
  example: { kind: 'legend', legend: 'land-use', collapsed: true },
  declares: (s) => ({ legends: [s.legend] }),
  crossCheck(s, ctx) {
    ctx.legend(['legend'], s.legend);
    s.items?.forEach((code, i) => ctx.legendItem(['items', i], s.legend, code));
  },
};
