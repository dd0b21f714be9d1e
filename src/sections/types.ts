// What a section kind is (issue 9): one module per kind, its schema branch in
// src/sections/<kind>/definition.ts (pure, read by the config loader and the schema generator) and
// its component in src/ui/sections/<kind>/View.tsx. The generated schemas/section.schema.json accepts exactly the kinds
// registered in definitions.ts.
import type { JsonSchema, Source } from '../engine/types.ts';

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
}

export interface SectionDefinition<S = Record<string, unknown>> {
  kind: string;
  /** The kind's whole schema branch (sectionSchema: `kind` fixed + its own properties). */
  schema: JsonSchema;
  example: Readonly<Record<string, unknown>>;
  /** Ids this section declares for others to refer to (toggle rows, chart ids). */
  declares?(section: S): SectionDeclarations;
  crossCheck?(section: S, ctx: SectionCheckContext): void;
}
