// `totals` section (issue 23 item 2): a bar or line chart, with its table, of the totals of a
// published layer (sum, count or mean of an attribute grouped by attributes), computed by the
// server (/{product}/v2/totals) from the layer catalog, filtered by pickers, without a layer row
// on the map. Its schema is the `chart` section's minus what totals cannot feed (stack, shares,
// a weighted mean, `missing: zero`, conditional or appended levels), plus the layer and filter.
// check:config checks the layer and attributes against the catalog (catalogCheck, run by
// loader/crossrefLayerData.ts).
import { chartProperties } from '../../engine/charts/spec.ts';
import { templateVariables } from '../../engine/template.ts';
import { color, id } from '../../layers/schemaParts.ts';
import { sectionSchema, type SectionOf } from '../define.ts';
import { attributeName, layerFilter, publishedLayer } from '../schemaParts.ts';
import type { SectionDefinition } from '../types.ts';

const level = chartProperties.groupBy.items;
const value = chartProperties.value.properties;

const totalsSchema = sectionSchema(
  'totals',
  'a chart and table of the totals of a published layer (sum, count or mean of an attribute by attributes)',
  {
    id: { ...id, description: 'Chart id, unique in the variant.' },
    title: chartProperties.title,
    layer: publishedLayer,
    filter: layerFilter,
    mark: { enum: ['bar', 'line'], default: 'bar', description: 'Horizontal bars, or a line over the groups.' },
    value: {
      type: 'object',
      required: ['unit'],
      additionalProperties: false,
      properties: {
        field: { ...attributeName, description: 'The numeric attribute summed or averaged (not read by count).' },
        unit: value.unit,
        aggregate: value.aggregate,
      },
      description: 'What the bars measure: {field, unit, aggregate: sum | mean | count}.',
    },
    groupBy: {
      ...chartProperties.groupBy,
      items: {
        type: 'object',
        required: level.required,
        additionalProperties: false,
        properties: { fields: { ...level.properties.fields, items: attributeName }, label: level.properties.label, prefix: level.properties.prefix, unknown: level.properties.unknown },
      },
      description: 'Grouping levels, outermost first (province > district), each {fields, label, prefix, unknown}: attributes of the layer. Groups are in Thai order.',
    },
    barLabel: chartProperties.barLabel,
    color: { ...color, description: chartProperties.color.description },
    legend: { ...id, description: chartProperties.legend.description },
    legendItem: chartProperties.legendItem,
    table: chartProperties.table,
  },
  ['id', 'title', 'layer', 'value', 'groupBy'],
);

export type TotalsSection = SectionOf<typeof totalsSchema>;

export const totalsDefinition: SectionDefinition<TotalsSection> = {
  kind: 'totals',
  schema: totalsSchema,
  example: {
    kind: 'totals',
    id: 'landuse-area',
    title: 'พื้นที่การใช้ประโยชน์ที่ดินตามจังหวัด',
    layer: 'coastallu_2558',
    filter: { prv_code: 'province' },
    value: { field: 'area_rai', unit: 'rai', aggregate: 'sum' },
    groupBy: [{ fields: ['prv_name'], label: 'จังหวัด', prefix: 'จ.' }],
  },
  declares: (s) => ({ charts: [{ id: s.id, path: ['id'] }] }),
  // The layer is published and has the attributes it reads; a sum or mean reads a number.
  catalogCheck(s, ctx) {
    const attributes = ctx.layer(['layer'], s.layer);
    if (!attributes) return;
    for (const column of Object.keys(s.filter ?? {})) ctx.attribute(['filter', column], 'filter attribute', column, s.layer, attributes);
    const aggregate = s.value.aggregate;
    if (s.value.field !== undefined) {
      const field = ctx.attribute(['value', 'field'], 'value field', s.value.field, s.layer, attributes);
      if (field && aggregate !== 'count' && field.type !== 'int' && field.type !== 'double') {
        ctx.add(['value', 'field'], `value field "${field.name}" is ${field.type} in the catalog; aggregate ${aggregate} needs an int or double attribute`);
      }
    }
    s.groupBy.forEach((level, k) => level.fields.forEach((f, j) => ctx.attribute(['groupBy', k, 'fields', j], 'groupBy field', f, s.layer, attributes)));
  },
  crossCheck(s, ctx) {
    for (const variable of templateVariables(s.layer)) ctx.picker(['layer'], variable);
    Object.entries(s.filter ?? {}).forEach(([column, ref]) => ctx.picker(['filter', column], ref));
    if (s.value.aggregate !== 'count' && s.value.field === undefined) ctx.add(['value'], `aggregate ${s.value.aggregate} needs value.field (the attribute to measure)`);
    if (s.legend !== undefined) ctx.legend(['legend'], s.legend);
    if (s.legendItem !== undefined) {
      if (s.legend === undefined) ctx.add(['legendItem'], 'legendItem needs a legend');
      else ctx.legendItem(['legendItem'], s.legend, s.legendItem);
    }
  },
};
