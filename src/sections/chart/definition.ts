// `chart` section (SPEC.md §4 Charts, issue 9 item 5): one chart and its table, declared in
// config and fed by the result of a toggle row (`from`) whose layer offers data. The chart's own
// properties come from src/engine/charts/spec.ts; this module adds the shared id and colour
// patterns and checks the references. `router` (issue 14): the chart's rows are a router call's
// answer made with the row's request parameters (area, period), e.g. totals computed by the
// server, instead of the row's own features.
import { chartProperties, chartRequired, patternError } from '../../engine/charts/spec.ts';
import { color, id } from '../../layers/schemaParts.ts';
import { sectionSchema, type SectionOf } from '../define.ts';
import { routerQuery } from '../schemaParts.ts';
import type { SectionDefinition } from '../types.ts';

const legendId = (description: string) => ({ ...id, description });

const chartSchema = sectionSchema(
  'chart',
  "a bar, stacked-bar or line chart of a row's result, with its table",
  {
    ...chartProperties,
    id: { ...id, description: chartProperties.id.description },
    from: { ...id, description: chartProperties.from.description },
    color: { ...color, description: chartProperties.color.description },
    router: {
      ...routerQuery,
      description:
        "Chart the rows of this router call, made with the `from` row's request parameters (a routerpoints row: area, period) and these fixed ones, instead of the row's features, e.g. {page: transects, mode: totals, by: district}; asked again when the row's result changes.",
    },
    legend: legendId(chartProperties.legend.description),
    stack: {
      ...chartProperties.stack,
      properties: { ...chartProperties.stack.properties, legend: legendId(chartProperties.stack.properties.legend.description) },
    },
  },
  chartRequired,
);

type ChartSection = SectionOf<typeof chartSchema>;

export const chartDefinition: SectionDefinition<ChartSection> = {
  kind: 'chart',
  schema: chartSchema,
  example: {
    kind: 'chart',
    id: 'erosion-chart',
    title: 'พื้นที่กัดเซาะ',
    from: 'erosion',
    legend: 'erosion-accretion',
    legendItem: 'erosion',
    value: { field: 'area', unit: 'sqm' },
    groupBy: [
      { fields: ['prv_name', 'pv_tn'], label: 'จังหวัด', prefix: 'จ.' },
      { fields: ['amp_name', 'ap_tn'], label: 'อำเภอ', prefix: 'อ.' },
      { fields: ['tam_name', 'tb_tn'], label: 'ตำบล', prefix: 'ต.', when: { viewparam: 'code', notMatching: '^\\d{2}$' } },
    ],
  },
  declares: (s) => ({ charts: [{ id: s.id, path: ['id'] }] }),
  chartSpec: (s) => s,
  crossCheck(s, ctx) {
    ctx.dataLayer(['from'], s.from);
    if (s.legend !== undefined) ctx.legend(['legend'], s.legend);
    if (s.legendItem !== undefined) {
      if (s.legend === undefined) ctx.add(['legendItem'], 'legendItem needs a legend');
      else ctx.legendItem(['legendItem'], s.legend, s.legendItem);
    }
    if (s.stack) ctx.legend(['stack', 'legend'], s.stack.legend);
    if (s.value.weight !== undefined && s.value.aggregate !== 'mean') ctx.add(['value', 'weight'], "weight is for aggregate 'mean'");
    const mark = s.mark;
    if (mark === 'stackedBar' && !s.stack) ctx.add(['mark'], 'a stackedBar chart needs stack: {field, legend}');
    if (mark === 'bar' && s.stack) ctx.add(['stack'], "stack is for mark 'stackedBar' or 'line'");
    if (!s.router) checkDataFields(s, ctx);
    s.groupBy.forEach((level, k) => {
      const error = level.when ? patternError(level.when.notMatching) : null;
      if (error) ctx.add(['groupBy', k, 'when', 'notMatching'], `not a regular expression: ${error}`);
    });
  },
};

/** The feature properties a chart of a row's features reads must be published by its layer. */
function checkDataFields(s: ChartSection, ctx: Parameters<NonNullable<SectionDefinition<ChartSection>['crossCheck']>>[1]): void {
  if (s.value.aggregate !== 'count') ctx.dataFields(['value', 'field'], s.from, [s.value.field]);
  if (s.value.weight !== undefined) ctx.dataFields(['value', 'weight'], s.from, [s.value.weight]);
  s.groupBy.forEach((level, k) => {
    ctx.dataFields(['groupBy', k, 'fields'], s.from, level.fields, 'any');
    if (level.append?.field !== undefined) ctx.dataFields(['groupBy', k, 'append', 'field'], s.from, [level.append.field]);
  });
  if (s.stack) ctx.dataFields(['stack', 'field'], s.from, [s.stack.field]);
}
