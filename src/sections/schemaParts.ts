// Schema pieces several section kinds share, as `as const` objects so that each kind's TypeScript
// type is inferred from its schema. Those every config kind shares are schemas/common.schema.json's
// $defs, read from its generated module (its $refs inlined), not copied.
import { commonSchema } from '../engine/generated/common.ts';
import { id, pickerRef } from '../layers/schemaParts.ts';

export const { url, routerQuery } = commonSchema.$defs;

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
export const { source } = commonSchema.$defs;

export const validationRefs = {
  type: 'array',
  items: id,
  description: "Validation ids of the variant, checked in order before the action; the first failure's message is shown.",
} as const;
