// What a section kind is (issue 9): one module per kind, its schema branch in
// src/sections/<kind>/definition.ts (pure, read by the config loader and the schema generator) and
// its component in src/ui/sections/<kind>/View.tsx. The generated schemas/section.schema.json accepts exactly the kinds
// registered in definitions.ts.
import type { JsonSchema, Source } from '../engine/types.ts';
import type { ChartSpec } from '../engine/charts/spec.ts';
import type { PublishedAttribute } from '../engine/catalog.ts';

export type Path = ReadonlyArray<string | number>;

/** What a section's cross-check can ask about its variant; each call reports at `path` (relative
 *  to the section) when the reference is wrong, with the known ids and a did-you-mean hint. */
export interface SectionCheckContext {
  layer(path: Path, id: string): void;
  /** A layer (or the layer of a toggle row) whose type offers data (WFS, GeoJSON, stations). */
  dataLayer(path: Path, rowOrLayerId: string): void;
  /** Feature fields read from a row's (or layer's) data: reported when the layer catalog publishes
   *  that layer and `fields` are not its attributes ('any': one of them is enough, the first
   *  present being read). Nothing is said when the layer's attributes are not known from config. */
  dataFields(path: Path, rowOrLayerId: string, fields: readonly string[], need?: 'all' | 'any'): void;
  legend(path: Path, id: string): void;
  /** An item code of a legend (nothing when the legend is unknown: `legend` reports that). */
  legendItem(path: Path, legendId: string, code: string | number): void;
  picker(path: Path, ref: string): void;
  validations(path: Path, ids: readonly string[] | undefined): void;
  source(path: Path, source: Source): void;
  form(path: Path, id: string): void;
  add(path: Path, message: string): void;
}

/** What a section adds to its variant: row and chart ids (paths relative to the section),
 *  template variables every layer may use, and variables only some layers get ({year}). */
interface SectionDeclarations {
  rows?: Array<{ id: string; layer: string; path: Path }>;
  charts?: Array<{ id: string; path: Path }>;
  variables?: string[];
  layerVariables?: Readonly<Record<string, readonly string[]>>;
  /** The values a variable of one layer takes (a year list's years at `path`): each value's
   *  layer must be published. */
  layerOptions?: Array<{ layer: string; variable: string; values: readonly unknown[]; path: Path }>;
  /** Legends it shows the visitor (a year picker's swatches prefer them). */
  legends?: string[];
}

/** A chart as a section declares it: other pages (the atlas) draw it again from this. */
export type SectionChart = ChartSpec & { id: string; from: string; router?: { page: string; [key: string]: unknown } };

/** What a check against the layer catalog can ask (check:config, crossrefLayerData.ts); each
 *  call reports at `path` (relative to the section). */
interface CatalogCheckContext {
  /** The attributes every layer a name (or {picker} template) can name has; undefined after
   *  reporting it, or when they are not known from config. */
  layer(path: Path, template: string): readonly PublishedAttribute[] | undefined;
  /** The attribute `name` of those, or undefined after reporting it (`role` names it). */
  attribute(path: Path, role: string, name: string, layer: string, attributes: readonly PublishedAttribute[]): PublishedAttribute | undefined;
  add(path: Path, message: string): void;
}

export interface SectionDefinition<S = Record<string, unknown>> {
  kind: string;
  /** The kind's whole schema branch (sectionSchema: `kind` fixed + its own properties). */
  schema: JsonSchema;
  example: Readonly<Record<string, unknown>>;
  /** Ids this section declares for others to refer to (toggle rows, chart ids). */
  declares?(section: S): SectionDeclarations;
  crossCheck?(section: S, ctx: SectionCheckContext): void;
  /** Checks what it reads from the layer catalog (a published layer and its attributes). */
  catalogCheck?(section: S, ctx: CatalogCheckContext): void;
  /** Whether a row id of a URL (`rows=`, issue 11) names a row this section shows. */
  ownsRow?(section: S, rowId: string): boolean;
  /** The chart it draws as a chart spec, for a section whose whole self is one chart. */
  chartSpec?(section: S): SectionChart;
}
