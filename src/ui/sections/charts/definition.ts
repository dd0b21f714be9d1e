// `charts` section (SPEC.md §4 Charts): erosion / accretion charts and tables fed by the result of
// a toggle row (`from`). Kept as it was; a declarative `chart` kind is to replace it.
import { color, id } from '../../../layers/schemaParts.ts';
import { sectionSchema, type SectionOf } from '../define.ts';
import type { SectionDefinition } from '../types.ts';

export const chartsSchema = sectionSchema(
  'charts',
  "erosion / accretion charts and tables fed by a row's result",
  {
    charts: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        required: ['id', 'title', 'from'],
        additionalProperties: false,
        properties: {
          id,
          title: { type: 'string' },
          from: { ...id, description: 'Row id whose feature result feeds the chart.' },
          aggregate: { enum: ['admin', 'island'], default: 'admin' },
          color,
        },
      },
    },
  },
  ['charts'],
);

export type ChartsSection = SectionOf<typeof chartsSchema>;
export type ChartSpec = ChartsSection['charts'][number];

export const chartsDefinition: SectionDefinition<ChartsSection> = {
  kind: 'charts',
  schema: chartsSchema,
  example: { kind: 'charts', charts: [{ id: 'erosion-chart', title: 'พื้นที่ถูกกัดเซาะ', from: 'erosion', color: '#FF0000' }] },
  declares: (s) => ({ charts: s.charts.map((c, k) => ({ id: c.id, path: ['charts', k, 'id'] })) }),
  crossCheck(s, ctx) {
    s.charts.forEach((c, k) => ctx.dataLayer(['charts', k, 'from'], c.from));
  },
};
