// What a layer type is (DESIGN.md §5, issue 9): one module per type, the way a deck.gl layer is
// one class with its defaultProps. The definition half is pure (no DOM, no MapLibre) so that the
// config loader, the schema generator and the server can read it; the drawer half draws with
// MapLibre in the browser. Both live in src/layers/<type>/.
import type { AppConfig, JsonSchema, LayerTemplate, Legend } from '../engine/types.ts';
import type { PickerValues } from '../engine/options.ts';

/** A layer template of a topic as config gives it, before its type is known. */
export type TemplateBase = LayerTemplate;

/** A concrete layer: a template filled with the page's picker values (+ {year}). `D`: what the
 *  type's definition gives its drawer (`draw`); only the module reads it. */
export interface LayerInstance<D = unknown> {
  id: string;
  name: string;
  type: string;
  url?: string;
  /** Request options (WMS: layers, format, CQL_FILTER, viewparams; WFS: typeName, ...). */
  options: Record<string, string>;
  legend?: string;
  legendItem?: string | number;
  color?: string;
  opacity?: number;
  fit?: boolean;
  /** Type-specific drawing properties (radius, icon, trend), written by the type's definition and
   *  read by its drawer: the pair is typed by `D` (drawers.ts checks each pair). */
  draw?: D;
}

export interface InstantiateContext {
  app: AppConfig;
  values: PickerValues;
  /** Variables beyond the picker values, e.g. { year: '2567' } or a switch section's value. */
  vars: Readonly<Record<string, string>>;
}

/** One request's worth of features; `label` names the part (e.g. the island) for split charts. */
export interface FeaturePart {
  label?: string;
  features: GeoJSON.FeatureCollection;
}

/** What loading a layer gave: its features (merged) and their parts; nothing for tiled types. */
export interface LoadedData {
  geoJson: GeoJSON.FeatureCollection;
  parts: FeaturePart[];
  /** The request parameters of the first part (a download repeats them). */
  request?: { typeName?: string; viewparams?: string; viewparamEntries?: Record<string, string>; params?: Record<string, string> };
  // `params`: a router request's own parameters (routerpoints), which a router download repeats.
}

/** The outside world a loader talks to, injected (tests replace it). */
export interface LoadDeps {
  fetchJson(url: string, init: { method: 'GET' | 'POST'; form?: Record<string, string>; signal?: AbortSignal }): Promise<unknown>;
  signal?: AbortSignal;
}

export interface LoadContext extends InstantiateContext {
  deps: LoadDeps;
}

/** A config mistake a type finds in its own template beyond its schema, at a sub-path of the layer. */
interface TemplateProblem {
  path: ReadonlyArray<string | number>;
  message: string;
}

interface CrossCheckContext {
  legends?: readonly Legend[];
  /** Picker ids of the variant. */
  pickerIds: readonly string[];
  layers: readonly TemplateBase[];
}

/** The map view a layer asks for (routerpoints `bounds`): nothing below minZoom, `message` said. */
export interface ViewBoundsOption {
  minZoom: number;
  message: string;
}

/** What a module declares about itself, asked by code outside it instead of its type name; each
 *  is optional in a definition and read with its default through definitionOf (definitions.ts). */
export interface LayerCapabilities<T extends TemplateBase = TemplateBase> {
  /** A group: draws nothing itself, the layers naming it in `group` draw at its place (false). */
  drawsChildren: boolean;
  /** A compare side can draw it for each side's year: tiles or vector features (false). */
  compareSide: boolean;
  /** The years a year slider (compare `timeline`) plays over this layer; absent: not playable. */
  timelineYears?(template: T): number[];
  /** The map view the layer asks for, filled by its toggle row as the variable {bounds}. */
  viewBounds?(template: T): ViewBoundsOption | undefined;
  /** The picture of its legend the server draws, for a layer config gives no legend (the report),
   *  drawn `scale` times as large (default 1: a sharp printed legend asks for 3). */
  legendGraphicUrl?(layer: { url?: string; options?: Readonly<Record<string, string>> }, scale?: number): string | null;
}

export interface LayerDefinition<T extends TemplateBase = TemplateBase, D = unknown> extends Partial<LayerCapabilities<T>> {
  type: string;
  /** The type's whole schema branch (layerSchema: common properties + its own); its title is
   *  the line the admin documentation shows. */
  schema: JsonSchema;
  /** An example template for docs/config-reference.md and the schema's `examples`. */
  example: Readonly<Record<string, unknown>>;
  /** Features a chart, a download or the report can read. */
  offersData: boolean;
  /** How a map click tells about its features: GetFeatureInfo (wms), a popup on the map
   *  (popup), the drawer from the drawn features (drawn), or nothing. */
  featureInfo: 'wms' | 'popup' | 'drawn' | 'none';
  instantiate(template: T, ctx: InstantiateContext): LayerInstance<D>;
  /** Fetches the layer's features; absent for types drawn from tiles or from config alone. */
  load?(template: T, instance: LayerInstance<D>, ctx: LoadContext): Promise<LoadedData>;
  /** Features drawn from config alone (shapes), without a request. */
  features?(template: T, instance: LayerInstance<D>): GeoJSON.FeatureCollection;
  crossCheck?(template: T, ctx: CrossCheckContext): TemplateProblem[];
}

/** A layer in the layer list (SPEC.md §3 Map layer; §4 Layers): an instance with its place. */
export interface MapLayer<D = unknown> extends Omit<LayerInstance<D>, 'options'> {
  options?: Record<string, string>;
  zIndex: number;
  visible: boolean;
  /** The group layer it renders inside (SPEC.md §3 groupId); only ungrouped layers are listed. */
  groupId?: string;
  /** The topic route that added it (the legend heading key of SPEC.md §3 `page`). */
  page?: string;
  /** Features of a loaded or config-drawn layer. */
  geoJson?: GeoJSON.FeatureCollection;
}
