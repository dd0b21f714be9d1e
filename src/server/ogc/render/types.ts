import type { Geometry } from 'geojson';
import type { SymbolShape } from '../../../engine/symbols.ts';
import type { Rgba } from './color.ts';

/** The two CRSs GetMap accepts. EPSG:4326 uses the WMS 1.1.1 axis order (lon, lat). */
export type RenderCrs = 'EPSG:3857' | 'EPSG:4326';

/** [minx, miny, maxx, maxy] in the units of the request CRS (metres for 3857, degrees for 4326). */
export type BBox = readonly [number, number, number, number];

/** One feature to draw. The geometry is GeoJSON in EPSG:4326 (lon, lat). */
export interface RenderFeature {
  geometry: Geometry | null | undefined;
  properties?: Record<string, unknown> | null;
}

/** How one feature is painted: resolved CSS colours and sizes, ready for the canvas. */
export interface Paint {
  /** Fill colour (polygons, circles), already carrying its opacity; null = no fill. */
  readonly fill: string | null;
  /** Stroke colour (lines, polygon outlines); null = no stroke. */
  readonly stroke: string | null;
  /** The same colour as numbers, for the line rasteriser (lineRaster.ts). */
  readonly strokeRgba: Rgba | null;
  /** Stroke width in px for lines and polygon outlines. */
  readonly lineWidth: number;
  /** Circle radius in px for points. */
  readonly radius: number;
  /** Ring around circles (white by default); null = no ring. */
  readonly ring: string | null;
  readonly ringWidth: number;
  /** The legend item's point symbol (config/legends.yaml `symbol`); absent = a circle, and the
   *  legend swatch follows the style kind. */
  readonly symbol?: SymbolShape;
  /** Identity of the paint: equal keys draw identically. */
  readonly key: string;
}

/** A class chosen by a numeric range: min < v <= max (min exclusive, max inclusive, either end open). */
export interface RangeClass {
  readonly min?: number;
  readonly max?: number;
  readonly paint: Paint;
}

export type StyleKind = 'fill' | 'line' | 'circle';

/**
 * A layer style: which paint a feature gets, decided by one attribute. Build it with
 * `styleFromLegend` (same legend as the client shows) or `fixedStyle`.
 */
export interface LayerStyle {
  readonly kind: StyleKind;
  /** The attribute that picks the class; absent = every feature gets `fallback`. */
  readonly field?: string;
  /** Exact code matches, keyed by `codeKey(value)`; checked before ranges. */
  readonly codes: ReadonlyMap<string, Paint>;
  /** Range classes in legend order; the first match wins. */
  readonly ranges: readonly RangeClass[];
  /** Paint for features that match no class (neutral grey for legend styles). */
  readonly fallback: Paint;
  /** One paint per legend item, in legend order (for GetLegendGraphic). */
  readonly itemPaints: readonly Paint[];
  /** Attribute whose value is drawn as a label (Sarabun, Thai-capable). */
  readonly label?: string;
}

export interface RenderLayer {
  /** Iterated exactly once, so a generator or a database cursor works. */
  features: Iterable<RenderFeature>;
  style: LayerStyle;
}

export interface RenderRequest {
  /** Integer pixels, 256..2048. */
  width: number;
  height: number;
  bbox: BBox;
  crs: RenderCrs;
  /** true: background alpha 0; false: painted with bgcolor (GDAL shows black otherwise). */
  transparent: boolean;
  /** '#RRGGBB' or WMS-style '0xRRGGBB'; default white. Used only when transparent is false. */
  bgcolor?: string;
  /** Drawn in order: the first layer is at the bottom. Labels are drawn on top of all layers. */
  layers: RenderLayer[];
}

/** A bad request parameter; `code` is the OGC exception code the HTTP layer should answer with. */
export class RenderParamError extends RangeError {
  readonly param: string;
  readonly code: 'InvalidParameterValue' | 'InvalidSRS' | 'MissingParameterValue';
  constructor(param: string, message: string, code: RenderParamError['code'] = 'InvalidParameterValue') {
    super(message);
    this.name = 'RenderParamError';
    this.param = param;
    this.code = code;
  }
}
