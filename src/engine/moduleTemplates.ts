// The config shapes whose schema the modules generate (schemas/layer.schema.json from
// src/layers/<type>/, schemas/section.schema.json from src/sections/<kind>/): the generated topic
// type (generated/topic.ts) holds these where a topic lists its layers and sections. The
// properties every layer template shares are declared here once: the layer modules put them in
// their schema branches, and LayerTemplate is inferred from them.
import type { FromSchema } from 'json-schema-to-ts';
import { commonSchema } from './generated/common.ts';

const { id, color, template } = commonSchema.$defs;

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

/** A layer template as config gives it: the shared properties above, typed from their schema. Its
 *  type's module (src/layers/<type>/definition.ts) declares the rest of its shape, and the
 *  generated schemas/layer.schema.json checks it. */
export type LayerTemplate = FromSchema<{
  type: 'object';
  required: ['id', 'type', 'name'];
  additionalProperties: false;
  properties: typeof commonProperties & typeof optionalProperties;
}> & { [key: string]: unknown };

/** A section of a topic's sidebar as config gives it. Its kind's module
 *  (src/sections/<kind>/definition.ts) declares the rest of its shape and its precise type
 *  (src/sections/definitions.ts `Section`); the generated schemas/section.schema.json checks it. */
export interface SectionBase { kind: string; [key: string]: unknown }
