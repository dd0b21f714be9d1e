// Schema pieces several section kinds share, as `as const` objects so that each kind's TypeScript
// type is inferred from its schema (json-schema-to-ts FromSchema cannot follow a $ref into
// common.schema.json). They equal common.schema.json's $defs of the same name once its internal
// $refs are followed (tests/unit/architecture/schemas.test.ts holds them equal).
import { asset, color, id, pickerRef } from '../layers/schemaParts.ts';

export const url = { type: 'string', pattern: '^(https?://|/)', description: 'Absolute http(s) URL or a path on our own server.' } as const;

const year = { type: 'integer', minimum: 2400, maximum: 2700, description: 'A Buddhist-era year.' } as const;

export const routerQuery = {
  type: 'object',
  description: 'Fixed query parameters of a router call, e.g. {page: coastline, mode: list, list: province}.',
  required: ['page'],
  properties: {
    page: { type: 'string', pattern: '^([a-zA-Z][a-zA-Z0-9_-]*|\\{[a-z]+\\})$', description: 'A router page name, or a {parameter} of a shared cascade.' },
  },
  additionalProperties: { type: 'string' },
} as const;

const fieldMap = {
  type: 'object',
  description: "Which fields of an answer row are the option's value and label (default code / name).",
  additionalProperties: false,
  properties: {
    value: { type: 'string' },
    label: { type: 'string' },
    labelBefore: { type: 'string', minLength: 1, description: "The label is the text before the first occurrence of this string (e.g. '_': a layer name 'เกาะล้าน_22' reads 'เกาะล้าน', SPEC.md §3)." },
    extra: { type: 'array', items: { type: 'string' } },
  },
} as const;

/** A layer the catalog publishes, possibly with {picker} variables (lists and totals of a layer). */
export const publishedLayer = {
  type: 'string',
  pattern: '^([A-Za-z0-9_]|\\{[a-z][a-z0-9_-]*\\})+$',
  description: "A layer the catalog (config/layers.yaml) publishes, e.g. coastallu_2558; {picker} variables take that picker's value, e.g. coastallu_{year}.",
} as const;

export const attributeName = { type: 'string', pattern: '^[A-Za-z_][A-Za-z0-9_]*$', description: 'An attribute of the layer in the catalog.' } as const;

/** Rows of a published layer kept by the pickers' choices. */
export const layerFilter = {
  type: 'object',
  description: "Keep rows whose attribute equals the picker's chosen value(s): {prv_code: province}. A picker with nothing chosen narrows nothing.",
  propertyNames: { pattern: attributeName.pattern },
  additionalProperties: pickerRef,
} as const;

/** Where a picker, a list or a section gets its items. */
export const source = {
  description: 'Where a picker or list gets its options.',
  oneOf: [
    {
      type: 'object',
      title: 'router call',
      required: ['router'],
      additionalProperties: false,
      properties: {
        router: routerQuery,
        params: { type: 'object', description: 'Query parameters filled from other pickers: {pv: province, ap: district}.', additionalProperties: pickerRef },
        method: { enum: ['GET', 'POST'], description: 'GET unless POST is given.' },
        fields: fieldMap,
      },
    },
    {
      type: 'object',
      title: 'bundled asset',
      required: ['asset'],
      additionalProperties: false,
      properties: {
        asset: { type: asset.type, pattern: asset.pattern },
        fields: fieldMap,
        filter: { type: 'object', description: "Keep rows whose field equals the picker's code: {prv_code: province}.", additionalProperties: pickerRef },
      },
    },
    {
      type: 'object',
      title: 'fixed options',
      required: ['options'],
      additionalProperties: false,
      properties: {
        options: {
          type: 'array',
          minItems: 1,
          items: {
            oneOf: [
              year,
              {
                type: 'object',
                required: ['value', 'label'],
                additionalProperties: false,
                properties: { value: { type: ['string', 'number'] }, label: { type: 'string' }, color, group: { type: 'string' } },
              },
            ],
          },
        },
      },
    },
    { type: 'object', title: 'a list declared in the variant', required: ['list'], additionalProperties: false, properties: { list: id } },
    {
      type: 'object',
      title: 'distinct values of a published layer',
      required: ['layer', 'value'],
      additionalProperties: false,
      properties: {
        layer: publishedLayer,
        value: { ...attributeName, description: "The attribute whose distinct values are the options' values, e.g. prv_code." },
        label: { ...attributeName, description: 'The attribute shown for each value, e.g. prv_name (default: the value).' },
        filter: layerFilter,
        sort: { enum: ['value', 'label'], description: 'Order by the label (default when there is one; Thai order) or the value (numbers by size).' },
        order: { enum: ['asc', 'desc'], description: 'asc unless given; desc: the largest (or last) first, e.g. the latest year.' },
      },
    },
  ],
} as const;

export const validationRefs = {
  type: 'array',
  items: id,
  description: "Validation ids of the variant, checked in order before the action; the first failure's message is shown.",
} as const;
