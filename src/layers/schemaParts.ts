// Schema pieces every layer type shares, as `as const` objects so that each type's TypeScript
// template type is inferred from its schema (json-schema-to-ts FromSchema), never written twice.
// The ones every config kind shares are schemas/common.schema.json's $defs, read from its
// generated module (npm run build:schemas), not copied.
import { commonSchema } from '../engine/generated/common.ts';

export const { id, color, template, pickerRef, lonLat } = commonSchema.$defs;

export const asset = { type: 'string', pattern: '^[a-z0-9_./-]+\\.json$', description: 'A bundled data file under backend.assets.' } as const;

/** Properties of every layer, whatever its type. A description replacing a pattern's own says the
 *  format first: check:config quotes it in its 'is not valid here: expected ...' message. */
export const commonProperties = {
  id: { ...id, description: "Template id, referenced by sections: lower-case letters, digits, '-' and '_', starting with a letter." },
  type: { type: 'string', description: 'Layer type: one module of src/layers/.' },
  layerId: { ...template, description: "Runtime id in the layer list (default: the template id, with '-{year}' for year lists)." },
  name: { ...template, description: "Thai name in the layer list, e.g. 'แนวชายฝั่ง พ.ศ. {year}'." },
  legend: { ...id, description: 'Legend id (lower-case) from config/legends.yaml: the legend card, the report and the drawing colours.' },
  auto: { type: 'boolean', description: 'Added when the page opens and removed when it is left (SPEC.md §2 /cctv, /radar).' },
  group: { ...id, description: 'Template id (lower-case) of the group layer this layer renders inside (SPEC.md §3 groupId).' },
} as const;

/** Shared properties a layer type takes only when its module uses them (issue 28): the colours and
 *  opacity its drawer paints with, the fit of what it draws, the drawer labels of the features it
 *  shows. Each type names its own in layerSchema; any other is refused by check:config. */
export const optionalProperties = {
  legendItem: { type: ['string', 'number'], description: 'The code of the legend item this layer draws in (a one-colour layer such as erosion).' },
  color: { ...color, description: '#RRGGBB or #RRGGBBAA: the colour of a one-colour layer; overrides the legend.' },
  opacity: { type: 'number', minimum: 0, maximum: 1, description: 'Opacity of the layer (default 1).' },
  fit: { type: 'boolean', description: 'Fit the map to the layer once shown (bounds null, then the result 100 ms later, max zoom 12).' },
  fields: {
    type: 'object',
    description: "Labels of this layer's attributes in the feature drawer, e.g. { lu_year: ปี พ.ศ., lul2_t: การใช้ประโยชน์ที่ดิน }; they come before the glossary's. Every attribute shown needs a Thai label here or in config/glossary.yaml fields (check:config).",
    propertyNames: { pattern: '^[A-Za-z_][A-Za-z0-9_]*$' },
    additionalProperties: { type: 'string', minLength: 1 },
  },
  showIds: {
    type: 'boolean',
    description: 'Show internal ids (gid, fid, id, *_gid, *_id) in the feature drawer; they are hidden by default.',
  },
} as const;

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
