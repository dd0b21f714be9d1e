// A declarative chart (issue 9 item 5, SPEC.md §4 Charts): what an admin writes in a topic's
// `chart` section. The JSON Schema properties below are the single source: the section module
// (src/sections/chart/definition.ts) puts them in its schema branch, adding the shared id and
// colour patterns, and the TypeScript type is inferred from them. compile.ts turns a spec and a
// row result into table text and a vega-lite spec.
import type { FromSchema } from 'json-schema-to-ts';
import { withDefaults } from '../schemaDefaults.ts';

/** Units a chart knows without the glossary; any other `value.unit` is a unit id of
 *  config/glossary.yaml `units` (its Thai label and decimals), checked by check:config. */
export const BUILT_IN_CHART_UNITS = ['sqm', 'sqkm', 'rai', 'm', 'km', 'm/yr', 'count'] as const;

const fields = {
  type: 'array',
  minItems: 1,
  items: { type: 'string', minLength: 1 },
  description: 'Feature properties to read, alternatives in order: the first non-blank one wins (names are trimmed).',
} as const;

const level = {
  type: 'object',
  required: ['fields', 'label'],
  additionalProperties: false,
  properties: {
    fields,
    label: { type: 'string', description: 'Column heading of this level in the table and tooltip, e.g. จังหวัด.' },
    prefix: { type: 'string', description: "Put before the name in bar labels, e.g. 'อ.' for 'อ.สิงหนคร จ.สงขลา'." },
    unknown: {
      type: 'string',
      description: "Name of a feature lacking every field, e.g. 'ไม่ทราบจังหวัด'. Without it such a feature is left out of the chart.",
    },
    append: {
      type: 'object',
      minProperties: 1,
      additionalProperties: false,
      properties: {
        part: { type: 'boolean', description: 'Append the label of the result part (the island of a request split by island).' },
        field: { type: 'string', minLength: 1, description: 'Else append this feature property, e.g. island.' },
      },
      description: "Append ' (X)' to the name: 'สิงหนคร (เกาะยอ)'. Nothing is appended when X is blank.",
    },
    when: {
      type: 'object',
      required: ['viewparam', 'notMatching'],
      additionalProperties: false,
      properties: {
        viewparam: { type: 'string', minLength: 1, description: 'A viewparam the result was requested with, e.g. code.' },
        notMatching: { type: 'string', minLength: 1, description: "A regular expression, e.g. '^\\d{2}$' (a province code)." },
      },
      description: 'Use this level only when the viewparam (blank when absent) does not match: a province query stops above it.',
    },
  },
} as const;

/** The properties of a `chart` section, besides `kind`. */
export const chartProperties = {
  id: { type: 'string', description: 'Chart id, unique in the variant.' },
  title: { type: 'string', description: 'Heading of the chart panel and caption of its table.' },
  from: { type: 'string', description: 'Toggle row whose result feeds the chart; its layer must offer data (WFS, GeoJSON, router).' },
  mark: { enum: ['bar', 'stackedBar', 'line'], default: 'bar', description: 'Horizontal bars, horizontal bars stacked by `stack`, or a line over the groups.' },
  value: {
    type: 'object',
    required: ['unit'],
    additionalProperties: false,
    properties: {
      field: { type: 'string', minLength: 1, default: 'area', description: 'Numeric feature property (a number or a numeric string).' },
      unit: {
        type: 'string',
        pattern: '^[A-Za-z0-9][A-Za-z0-9_/-]*$',
        description:
          "Unit of the field. sqm: bars in rai, table in rai/ngan/square wah and sq km (SPEC.md §9); m: bars and table in km; sqkm, rai, km, m/yr: bars and table in that unit; count: whole numbers; any other: a unit id of config/glossary.yaml `units` (e.g. kg), the axis and table in its Thai label with its decimals.",
      },
      aggregate: { enum: ['sum', 'mean', 'count'], default: 'sum', description: 'How the features of a group make its value; count does not read the field.' },
      missing: { enum: ['skip', 'zero'], default: 'skip', description: 'A feature whose field is not numeric is left out (skip) or counts as 0 (zero).' },
      weight: {
        type: 'string',
        minLength: 1,
        description: "mean only: weigh each feature by this numeric property, e.g. rated (a totals row's mean rate counts as many times as the transects it averages); a feature without a positive weight is left out.",
      },
    },
    description: 'What the bars measure: {field, unit, aggregate, missing, weight}.',
  },
  groupBy: {
    type: 'array',
    minItems: 1,
    maxItems: 3,
    items: level,
    description:
      'Grouping levels, outermost first (province > district > sub-district), each {fields, label, prefix, unknown, append, when}. Groups keep the order their first feature came in.',
  },
  barLabel: {
    enum: ['withParent', 'deepest'],
    default: 'withParent',
    description: "Bar label: the deepest name with its parent ('ต.ชิงโค อ.สิงหนคร'), or the deepest name alone. Repeated labels get ' (2)', ' (3)'.",
  },
  stack: {
    type: 'object',
    required: ['field', 'legend'],
    additionalProperties: false,
    properties: {
      field: { type: 'string', minLength: 1, description: 'Feature property classed by the legend (item code, or min < value <= max).' },
      legend: { type: 'string', description: 'Legend id (config/legends.yaml): classes, their order, labels and colours.' },
    },
    description: 'stackedBar: one bar segment per legend class; line: one line per class. Features of no class are left out.',
  },
  color: { type: 'string', description: 'Colour of the bars or the line; overrides legend + legendItem.' },
  legend: { type: 'string', description: 'Legend id whose item (legendItem) gives the colour.' },
  legendItem: { type: ['string', 'number'], description: 'Code of the legend item giving the colour, e.g. erosion.' },
  table: { type: 'boolean', default: true, description: 'Show the figures as a table under the chart.' },
  shares: {
    type: 'array',
    minItems: 1,
    items: {
      type: 'object',
      required: ['label', 'count', 'of'],
      additionalProperties: false,
      properties: {
        label: { type: 'string', minLength: 1, description: "Column heading, e.g. 'มีนัยสำคัญ (%)'." },
        count: { type: 'string', minLength: 1, description: 'Numeric property summed over the group, e.g. significant.' },
        of: { type: 'string', minLength: 1, description: 'Numeric property summed over the group as the whole, e.g. rated.' },
      },
    },
    description: 'Table (and tooltip) columns of a percentage per group and for the total: the sum of `count` over the sum of `of`, e.g. the share of transects with a significant trend.',
  },
} as const;

export const chartRequired = ['id', 'title', 'from', 'value', 'groupBy'] as const;

const chartSpecSchema = { type: 'object', required: chartRequired, additionalProperties: false, properties: chartProperties } as const;

/** A chart as validated config has it: every default of its schema filled in. */
export type ChartSpec = FromSchema<typeof chartSpecSchema>;
/** A chart as written, defaults left out (what code and tests build; chartSpec fills them). */
export type ChartSpecInput = FromSchema<typeof chartSpecSchema, { keepDefaultedPropertiesOptional: true }>;

/** A chart the code builds, with its schema's defaults, as the loader gives a configured one. */
export function chartSpec(input: ChartSpecInput): ChartSpec {
  return withDefaults<ChartSpec>(chartSpecSchema, input);
}
export type BuiltInChartUnit = (typeof BUILT_IN_CHART_UNITS)[number];
export type GroupLevel = ChartSpec['groupBy'][number];

/** Why a `when.notMatching` pattern is no regular expression, or null when it is one. */
export function patternError(pattern: string): string | null {
  try {
    new RegExp(pattern);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}
