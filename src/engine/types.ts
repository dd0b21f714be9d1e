// Types of the config documents. schemas/*.schema.json is the source of truth for their shape;
// these types mirror it for the TypeScript side (engine, ui, map, server).

import type { SymbolShape } from './symbols.ts';

/** A JSON Schema (draft-07) object, as the schemas/ files and the module fragments hold them. */
export type JsonSchema = { readonly [key: string]: unknown };

interface Bilingual { th: string; en?: string }
export type LonLat = [number, number];

export interface RouterQuery { page: string; [key: string]: string }
export interface FieldMap { value?: string; label?: string; labelBefore?: string; extra?: string[] }
interface OptionItem { value: string | number; label: string; color?: string; group?: string }

/** Distinct values of a published layer's column (issue 23 item 2): /{product}/v2/values. */
export interface LayerValuesSource {
  /** A layer the catalog publishes; may hold {picker} variables, e.g. coastallu_{year}. */
  layer: string;
  value: string;
  label?: string;
  /** column -> picker reference whose chosen value(s) the column must equal. */
  filter?: Record<string, string>;
  sort?: 'value' | 'label';
  order?: 'asc' | 'desc';
}

export type Source =
  | { router: RouterQuery; params?: Record<string, string>; method?: 'GET' | 'POST'; fields?: FieldMap }
  | { asset: string; fields?: FieldMap; filter?: Record<string, string> }
  | { options: Array<number | OptionItem> }
  | { list: string }
  | LayerValuesSource;

type PickerKind = 'select' | 'multiselect' | 'year' | 'toggle';

export interface PickerDef {
  id: string;
  label: string;
  kind?: PickerKind;
  source: Source;
  cap?: number;
  default?: 'first' | 'last' | string[];
  swatch?: boolean;
  errorText?: string;
  placeholder?: string;
  dependsOn?: string[];
  /** The area this picker chooses, by its code's field: choosing it fits the map to the area. */
  area?: AreaField;
}

/** Fields of the area codes the bounds lookups know (pv-center: administrative; getBBox: beach). */
type AreaField = 'prv_code' | 'amp_code' | 'tam_code' | 'code_b_m' | 'code_b_c' | 'code_b_s';

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

export interface BasemapDef {
  id: string;
  name: string;
  kind: 'raster' | 'style';
  tiles?: string[];
  style?: string;
  tileSize?: 256 | 512;
  maxZoom?: number;
  attribution?: string;
  /** Colours of the switcher's thumbnail, drawn by our server from the offline land. */
  thumbnail?: { sea: string; land: string; coast?: string };
  listed?: boolean;
  offline?: boolean;
}

export interface AppConfig {
  product: string;
  basePath: string;
  title: string;
  defaultRoute?: string;
  sampleData?: boolean;
  backend: { router: string; geoserver: string; assets?: string; timeoutMs: number; cache: { maxEntries: number; ttlMs: number } };
  map: {
    center: LonLat; zoom: number; maxZoom: number; fitMaxZoom: number; flyToZoom: number;
    resultPadding: number; resultMaxZoom: number; baseZIndex: number; satellitePaneZIndex: number;
    defaultBasemap: string;
  };
  basemaps: BasemapDef[];
  /** `key` is never in config: the server adds it from the environment variable `keyEnv` at start. */
  satellite: { url: string; layerPattern?: string; keyEnv: string; years: number[]; key?: string };
  limits: { dropdownCap: number; islandCap: number };
  delays: Record<string, number> & {
    infoFetchMs: number; boundsMs: number; infoMarkerMs: number; resizeEventMs: number;
    layoutTransitionMs: number; mobileSlideMs: number; toastCloseMs: number;
  };
  colors: Record<string, string> & { erosion: string; accretion: string; measureActive: string; measureDone: string };
  credits: Array<{ label: string; href: string }>;
}

export interface MenuDoc {
  external: Array<{ id: string; title: Bilingual; href: string }>;
  legacy?: { label: string; href: string };
}

export interface LegendItem { label: string; code?: string | number; min?: number; max?: number; color?: string; stroke?: string; image?: string; symbol?: SymbolShape }
export interface Legend { id: string; title: string; type: 'line' | 'fill' | 'circle' | 'pin' | 'image'; field?: string; items: LegendItem[] }

// The Thai glossary (config/glossary.yaml, src/engine/glossary.ts).
export interface Term {
  th: string;
  en: string;
}

/** How a code set's items are written as labels: 'AS พื้นที่...', 'กัดเซาะน้อย', 'การกัดเซาะ (Erosion)'. */
type LabelStyle = 'code-term' | 'term' | 'term-en';

export interface CodeSet {
  title: Term;
  label: LabelStyle;
  /** Form enums ('<form id>.<field>') whose values are 'CODE term' of this set. */
  formFields?: string[];
  items: Record<string, Term>;
}

export interface UnitTerm extends Term {
  /** Decimals shown, everywhere (tables, popups, PDFs). */
  decimals?: number;
}

interface FieldTerm extends Term {
  /** A unit id of `units`: the label reads 'พื้นที่ (ไร่)'. */
  unit?: string;
  /** Decimals of its numbers in the feature drawer; overrides the unit's. */
  decimals?: number;
  /** A code set id of `codes`: the drawer shows a value's Thai term instead of the code. */
  codes?: string;
  /** Another field with the same quantity: this one is shown only when that one has no value. */
  duplicateOf?: string;
}

/** A concept of the glossary's `terms`: its one Thai term and the synonyms it retired (issue 24). */
interface Concept extends Term {
  /** Synonyms no config, locale file or document may use (tests/unit/thai/glossary-synonyms.test.ts). */
  retired?: string[];
  /** SPEC.md's quoted strings that keep a retired synonym as quoted. */
  quoted?: string[];
}

export interface Glossary {
  terms: Record<string, Concept>;
  codes: Record<string, CodeSet>;
  units: Record<string, UnitTerm>;
  fields: Record<string, FieldTerm>;
  documents: Record<string, Term>;
  formats: Record<string, Term>;
}


export interface CascadeDef { id: string; title?: string; params?: string[]; pickers: PickerDef[] }

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
  kind: PickerKind;
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
