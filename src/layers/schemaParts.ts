// Schema pieces every layer type shares, as `as const` objects so that each type's TypeScript
// template type is inferred from its schema (json-schema-to-ts FromSchema), never written twice.
// The ones every config kind shares are schemas/common.schema.json's $defs, read from its
// generated module (npm run build:schemas), not copied.
import { commonSchema } from '../engine/generated/common.ts';
import { commonProperties, optionalProperties } from '../engine/moduleTemplates.ts';

export { commonProperties, optionalProperties };

export const { id, color, template, pickerRef, lonLat } = commonSchema.$defs;

export const asset = { type: 'string', pattern: '^[a-z0-9_./-]+\\.json$', description: 'A bundled data file under backend.assets.' } as const;

export type OptionalProperty = keyof typeof optionalProperties;

/** The optional properties of a type drawing its own features with MapLibre, painted from the legend. */
export const PAINTED = ['legendItem', 'color', 'opacity', 'fit'] as const satisfies readonly OptionalProperty[];
/** ... and of one whose features the feature drawer shows, labelled by `fields`. */
export const PAINTED_AND_DRAWER = [...PAINTED, 'fields', 'showIds'] as const satisfies readonly OptionalProperty[];

/** CQL_FILTER terms from picker values: only the chosen ones, joined by ' and ' (SPEC.md §3). */
export const cql = {
  type: 'array',
  description: "CQL_FILTER terms; only the chosen ones are used, joined by ' and ' (SPEC.md §3).",
  items: {
    type: 'object',
    required: ['field', 'picker'],
    additionalProperties: false,
    properties: {
      field: { type: 'string', pattern: '^[a-z_][a-z0-9_]*$' },
      picker: pickerRef,
      op: { enum: ['=', 'in', 'like'], default: '=', description: "'in' sends every item of a multi-select as its own literal." },
    },
  },
} as const;

/** GeoServer viewparams key:value pairs joined by ';' (SPEC.md §7). */
export const viewparams = {
  type: 'array',
  description: "WFS/WMS viewparams key:value pairs joined by ';' (SPEC.md §7).",
  items: {
    type: 'object',
    required: ['key'],
    additionalProperties: false,
    properties: {
      key: { type: 'string', pattern: '^[a-z_]+$' },
      picker: pickerRef,
      deepest: {
        type: 'array',
        items: id,
        description: 'The code of the deepest chosen picker of this list (sub-district, else district, else province).',
      },
    },
    oneOf: [{ required: ['picker'] }, { required: ['deepest'] }],
  },
} as const;

export const method = { enum: ['GET', 'POST'], default: 'POST', description: 'Feature requests default to POST, form-encoded (SPEC.md §3).' } as const;
