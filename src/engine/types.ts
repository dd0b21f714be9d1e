// Types of the config documents. schemas/*.schema.json is the source of truth for their shape:
// each document's type is inferred from its schema in src/engine/generated/ (npm run
// build:schemas), the layer and section templates come from their modules (moduleTemplates.ts);
// here they are named by their parts, and the resolved forms the engine builds are declared.

import type { FromSchema } from 'json-schema-to-ts';
import type { AppConfig as AppDoc } from './generated/app.ts';
import type { commonSchema } from './generated/common.ts';
import type { Glossary } from './generated/glossary.ts';
import type { LegendsDoc } from './generated/legends.ts';
import type { MenuDoc } from './generated/menu.ts';
import type { PickerDef } from './generated/picker.ts';
import type { PickersDoc } from './generated/pickers.ts';
import type { FormDoc } from './generated/proposal.ts';
import type { TopicDoc } from './generated/topic.ts';
import type { LayerTemplate, SectionBase } from './moduleTemplates.ts';

export type { FormDoc, Glossary, LayerTemplate, MenuDoc, PickerDef, SectionBase, TopicDoc };

/** A JSON Schema (draft-07) object, as the schemas/ files and the module fragments hold them. */
export type JsonSchema = { readonly [key: string]: unknown };

/** Fixed query parameters of a router call: a `page` and any string parameter (FromSchema would
 *  type the extra parameters as unknown). */
export interface RouterQuery { page: string; [key: string]: string }

/** A part of schemas/common.schema.json ($defs), as its generated module infers it. */
type CommonDef<K extends keyof typeof commonSchema.$defs> = FromSchema<(typeof commonSchema.$defs)[K], { deserialize: [{ pattern: typeof commonSchema.$defs.routerQuery; output: RouterQuery }] }>;

export type LonLat = CommonDef<'lonLat'>;
export type FieldMap = CommonDef<'fieldMap'>;
export type Source = CommonDef<'source'>;
/** Distinct values of a published layer's column (issue 23 item 2): /{product}/v2/values. */
export type LayerValuesSource = Extract<Source, { layer: string }>;

/** A variant (tab) of a topic, and its parts. */
export type VariantDoc = TopicDoc['variants'][number];
export type PickerEntry = NonNullable<VariantDoc['pickers']>[number];
export type UseCascade = Extract<PickerEntry, { use: string }>;
type ListDef = NonNullable<VariantDoc['lists']>[number];
export type Validation = NonNullable<VariantDoc['validations']>[number];
/** Compare two years and the year slider of a variant (issue 25). */
export type CompareDoc = NonNullable<VariantDoc['compare']>;

/** app.yaml as validated (its schema's defaults filled in). `satellite.key` is never in config:
 *  the server adds it from the environment variable `keyEnv` at start. */
export type AppConfig = AppDoc & { satellite: { key?: string } };
export type BasemapDef = AppConfig['basemaps'][number];

/** A legend as the engine uses it: every item's label filled from the glossary (resolveLegends). */
type LegendDoc = LegendsDoc['legends'][number];
export type LegendItem = Omit<LegendDoc['items'][number], 'label' | 'term'> & { label: string };
export type Legend = Omit<LegendDoc, 'items' | 'terms'> & { items: LegendItem[] };

// The Thai glossary (config/glossary.yaml, src/engine/glossary.ts), by its parts.
export type Term = Glossary['documents'][string];
export type CodeSet = Glossary['codes'][string];
export type UnitTerm = Glossary['units'][string];

export type CascadeDef = PickersDoc['cascades'][number];

/** A picker after `use:` cascades are expanded: what the renderer needs. */
export interface ResolvedPicker extends PickerDef {
  /** Pickers that must be chosen first; changing one clears this picker. */
  dependsOn: string[];
  /** The cascade this picker came from, if any. */
  cascade?: string;
}

export interface ResolvedVariant extends Omit<VariantDoc, 'pickers'> {
  pickers: ResolvedPicker[];
  lists: ListDef[];
  layers: LayerTemplate[];
  validations: Validation[];
  sections: SectionBase[];
}

export interface ResolvedTopic extends Omit<TopicDoc, 'variants'> {
  layout: 'map' | 'project';
  variants: ResolvedVariant[];
}

/** Everything the client needs, validated and resolved, injected into index.html. */
export interface ConfigBundle {
  app: AppConfig;
  menu: MenuDoc;
  legends: Legend[];
  glossary: Glossary;
  topics: ResolvedTopic[];
  forms: FormDoc[];
}
