// Types of the config documents. schemas/*.schema.json is the source of truth for their shape:
// the kinds in src/engine/generated/ are inferred from their schema (npm run build:schemas), the
// layer and section templates from their modules; the rest mirror their schema here.

import type { FromSchema } from 'json-schema-to-ts';
import type { SymbolShape } from './symbols.ts';
import type { AppConfig as AppDoc } from './generated/app.ts';
import type { commonSchema } from './generated/common.ts';
import type { Glossary } from './generated/glossary.ts';
import type { MenuDoc } from './generated/menu.ts';
import type { PickerDef } from './generated/picker.ts';
import type { PickersDoc } from './generated/pickers.ts';

export type { Glossary, MenuDoc, PickerDef };

/** A JSON Schema (draft-07) object, as the schemas/ files and the module fragments hold them. */
export type JsonSchema = { readonly [key: string]: unknown };

/** Fixed query parameters of a router call: a `page` and any string parameter (FromSchema would
 *  type the extra parameters as unknown). */
export interface RouterQuery { page: string; [key: string]: string }

/** A part of schemas/common.schema.json ($defs), as its generated module infers it. */
type CommonDef<K extends keyof typeof commonSchema.$defs> = FromSchema<(typeof commonSchema.$defs)[K], { deserialize: [{ pattern: typeof commonSchema.$defs.routerQuery; output: RouterQuery }] }>;

type Bilingual = CommonDef<'bilingual'>;
export type LonLat = CommonDef<'lonLat'>;
export type FieldMap = CommonDef<'fieldMap'>;
export type Source = CommonDef<'source'>;
/** Distinct values of a published layer's column (issue 23 item 2): /{product}/v2/values. */
export type LayerValuesSource = Extract<Source, { layer: string }>;

export interface UseCascade { use: string; with?: Record<string, string>; only?: string[]; defaults?: Record<string, string[]> }
export type PickerEntry = PickerDef | UseCascade;

/** A layer template as config gives it. Its type's module (src/layers/<type>/definition.ts)
 *  declares the rest of its shape, and the generated schemas/layer.schema.json checks it. */
export interface LayerTemplate {
  id: string;
  type: string;
  name: string;
  layerId?: string;
  legend?: string;
  legendItem?: string | number;
  color?: string;
  opacity?: number;
  fit?: boolean;
  auto?: boolean;
  group?: string;
  [key: string]: unknown;
}

type ValidationRule = 'required' | 'different' | 'ordered' | 'minItems';
export interface Validation { id: string; rule: ValidationRule; pickers: string[]; message: string; messageEn?: string }

/** A section of a topic's sidebar as config gives it. Its kind's module
 *  (src/sections/<kind>/definition.ts) declares the rest of its shape and its precise type
 *  (src/sections/definitions.ts `Section`); the generated schemas/section.schema.json checks it. */
export interface SectionBase { kind: string; [key: string]: unknown }

interface ListDef { id: string; source: Source; errorText?: string }

export interface VariantDoc {
  path: string;
  tab?: Bilingual;
  note?: string;
  pickers?: PickerEntry[];
  lists?: ListDef[];
  layers?: LayerTemplate[];
  validations?: Validation[];
  sections?: SectionBase[];
  compare?: CompareDoc;
}

/** Compare two years and the year slider of a variant (issue 25; schemas/topic.schema.json). */
export interface CompareDoc {
  years: number[];
  layers: string[];
  satellite?: boolean;
  timeline?: string;
}

export interface TopicDoc {
  route: string;
  title: Bilingual;
  menu?: { order: number; icon?: string };
  layout?: 'map' | 'project';
  variants: VariantDoc[];
}

/** app.yaml as validated (its schema's defaults filled in). `satellite.key` is never in config:
 *  the server adds it from the environment variable `keyEnv` at start. */
export type AppConfig = AppDoc & { satellite: { key?: string } };
export type BasemapDef = AppConfig['basemaps'][number];

export interface LegendItem { label: string; code?: string | number; min?: number; max?: number; color?: string; stroke?: string; image?: string; symbol?: SymbolShape }
export interface Legend { id: string; title: string; type: 'line' | 'fill' | 'circle' | 'pin' | 'image'; field?: string; items: LegendItem[] }

// The Thai glossary (config/glossary.yaml, src/engine/glossary.ts), by its parts.
export type Term = Glossary['documents'][string];
export type CodeSet = Glossary['codes'][string];
export type UnitTerm = Glossary['units'][string];

export type CascadeDef = PickersDoc['cascades'][number];

export interface FormDoc {
  id: string;
  title: string;
  fiscalYear?: number;
  schema: Record<string, unknown>;
  uiSchema: Record<string, unknown>;
  steps: Array<{ title: string; fields: string[] }>;
  messages?: Record<string, string>;
}

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
