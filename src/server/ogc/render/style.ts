/**
 * Layer styles from the config legends (config/legends.yaml), the same legends the client shows,
 * so the map and its legend cannot disagree: one matching rule (`classify`) serves both the
 * renderer and `legendItemFor`.
 */
import type { Legend, LegendItem } from '../../../engine/types.ts';
import { itemSymbol, SYMBOL_STROKE, type SymbolShape } from '../../../engine/symbols.ts';
import { cssColor, parseHexColor, withOpacity, type Rgba } from './color.ts';
import type { LayerStyle, Paint, RangeClass, StyleKind } from './types.ts';

/** Colour of features that match no legend class. */
export const DEFAULT_GREY = '#9E9E9E';
/** SPEC §9 colours of the change-area layers. */
export const EROSION_COLOR = '#FF0000';
export const ACCRETION_COLOR = '#2AA7FE';

const FILL_OPACITY = 0.6;
const LINE_WIDTH = 2;
const OUTLINE_WIDTH = 1;
const CIRCLE_RADIUS = 5;
const RING_WIDTH = 1.5;
const WHITE: Rgba = { r: 255, g: 255, b: 255, a: 1 };

export interface StyleOverrides {
  /** One colour for every feature (and every legend swatch), '#RRGGBB'. */
  color?: string;
  /** Fill opacity for fill styles (default 0.6), whole-paint opacity for line and circle styles. */
  opacity?: number;
  /** Use only the legend item with this code (e.g. 'erosion' of the erosion-accretion legend). */
  code?: string | number;
  /** Attribute drawn as a label. */
  label?: string;
  lineWidth?: number;
  radius?: number;
}

// ---------------------------------------------------------------- matching

/**
 * The key under which a code or an attribute value is compared: numbers and numeric strings
 * compare by value ('2567' = 2567, '0.0' = 0 = -0), other strings trimmed and case-sensitive.
 */
export function codeKey(value: unknown): string | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value === 0 ? 0 : value) : undefined;
  if (typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'string') {
    const s = value.trim();
    if (s === '') return undefined;
    const n = numericString(s);
    return n === undefined ? s : String(n === 0 ? 0 : n);
  }
  return undefined;
}

const NUMERIC = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i;
function numericString(s: string): number | undefined {
  if (!NUMERIC.test(s)) return undefined;
  const n = Number(s);
  return Number.isFinite(n) ? n : undefined;
}

/** The number a range class compares, or undefined when the value is not numeric. */
function numericValue(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'string') return numericString(value.trim());
  return undefined;
}

interface Classifier<T> {
  codes: Map<string, T>;
  ranges: Array<{ min?: number; max?: number; value: T }>;
}

function buildClassifier<T>(items: readonly LegendItem[], valueOf: (item: LegendItem, index: number) => T): Classifier<T> {
  const codes = new Map<string, T>();
  const ranges: Classifier<T>['ranges'] = [];
  items.forEach((item, i) => {
    if (item.code !== undefined) {
      const key = codeKey(item.code);
      if (key !== undefined && !codes.has(key)) codes.set(key, valueOf(item, i));
    } else if (item.min !== undefined || item.max !== undefined) {
      const r: { min?: number; max?: number; value: T } = { value: valueOf(item, i) };
      if (item.min !== undefined) r.min = item.min;
      if (item.max !== undefined) r.max = item.max;
      ranges.push(r);
    }
  });
  return { codes, ranges };
}

/** Exact code first, then the first range with min < v <= max; undefined when nothing matches. */
function classify<T>(c: { codes: ReadonlyMap<string, T>; ranges: readonly { min?: number; max?: number }[] }, value: unknown, rangeValue: (i: number) => T): T | undefined {
  if (value === null || value === undefined) return undefined;
  if (c.codes.size > 0) {
    const key = codeKey(value);
    if (key !== undefined) {
      const hit = c.codes.get(key);
      if (hit !== undefined) return hit;
    }
  }
  if (c.ranges.length > 0) {
    const v = numericValue(value);
    if (v === undefined) return undefined;
    for (let i = 0; i < c.ranges.length; i++) {
      const r = c.ranges[i]!;
      if ((r.min === undefined || v > r.min) && (r.max === undefined || v <= r.max)) return rangeValue(i);
    }
  }
  return undefined;
}

/** The legend item a value falls in (the same rule the renderer uses), or undefined. */
export function legendItemFor(legend: Legend, value: unknown): LegendItem | undefined {
  const c = buildClassifier(legend.items, (item) => item);
  return classify(c, value, (i) => c.ranges[i]!.value);
}

/** The paint of one feature under a style. */
export function paintFor(style: LayerStyle, properties: Record<string, unknown> | null | undefined): Paint {
  if (style.field === undefined || !properties) return style.fallback;
  return classify(style, properties[style.field], (i) => style.ranges[i]!.paint) ?? style.fallback;
}

// ---------------------------------------------------------------- paints

interface PaintOptions {
  opacity?: number;
  stroke?: Rgba;
  lineWidth?: number;
  radius?: number;
  symbol?: SymbolShape;
}

/** Outline of a legend symbol: the client's (SYMBOL_STROKE, 1 px) so map and card look alike. */
const SYMBOL_RING_WIDTH = 1;

/** The paint of one colour under a style kind: fills at 0.6 with an opaque outline, 2 px lines, r 5 circles with a white ring. */
function makePaint(kind: StyleKind, color: Rgba, o: PaintOptions = {}): Paint {
  let fill: string | null;
  let strokeRgba: Rgba;
  let ring: string | null = null;
  let lineWidth: number;
  const radius = o.radius ?? CIRCLE_RADIUS;
  if (kind === 'fill') {
    fill = cssColor(color, o.opacity ?? FILL_OPACITY);
    strokeRgba = withOpacity(o.stroke ?? color);
    lineWidth = o.lineWidth ?? OUTLINE_WIDTH;
    ring = cssColor(WHITE);
  } else if (kind === 'line') {
    strokeRgba = withOpacity(color, o.opacity ?? 1);
    fill = cssColor(strokeRgba);
    lineWidth = o.lineWidth ?? LINE_WIDTH;
    ring = cssColor(WHITE, o.opacity ?? 1);
  } else {
    fill = cssColor(color, o.opacity ?? 1);
    strokeRgba = withOpacity(o.stroke ?? color, o.opacity ?? 1);
    lineWidth = o.lineWidth ?? LINE_WIDTH;
    ring = cssColor(o.stroke ?? WHITE, o.opacity ?? 1);
  }
  const stroke = cssColor(strokeRgba);
  if (o.symbol !== undefined) {
    const key = `${kind}|${fill}|${stroke}|${lineWidth}|${radius}|${SYMBOL_STROKE}|${o.symbol}`;
    return { fill, stroke, strokeRgba, lineWidth, radius, ring: SYMBOL_STROKE, ringWidth: SYMBOL_RING_WIDTH, symbol: o.symbol, key };
  }
  const key = `${kind}|${fill}|${stroke}|${lineWidth}|${radius}|${ring}`;
  return { fill, stroke, strokeRgba, lineWidth, radius, ring, ringWidth: RING_WIDTH, key };
}

function kindOf(legend: Legend): StyleKind {
  return legend.type === 'fill' ? 'fill' : legend.type === 'line' ? 'line' : 'circle';
}

function mustColor(text: string, what: string): Rgba {
  const c = parseHexColor(text);
  if (!c) throw new TypeError(`${what}: not a colour: ${JSON.stringify(text)}`);
  return c;
}

function opacityOf(o: StyleOverrides): number | undefined {
  if (o.opacity === undefined) return undefined;
  if (!Number.isFinite(o.opacity) || o.opacity < 0 || o.opacity > 1) throw new RangeError(`opacity must be 0..1, got ${o.opacity}`);
  return o.opacity;
}

/**
 * The style of a legend of config/legends.yaml. Each feature gets the item its `field` value
 * selects: an exact `code` match (string/number-insensitive), else the first range
 * `min < v <= max`, else neutral grey. A legend without `field` paints every feature with the
 * item `overrides.code` names, or its first item.
 */
export function styleFromLegend(legend: Legend, overrides: StyleOverrides = {}): LayerStyle {
  const kind = kindOf(legend);
  const opacity = opacityOf(overrides);
  const fixed = overrides.color !== undefined ? mustColor(overrides.color, `${legend.id} override`) : undefined;
  const paintOf = (item: LegendItem | undefined): Paint => {
    const o: PaintOptions = {};
    if (opacity !== undefined) o.opacity = opacity;
    if (overrides.lineWidth !== undefined) o.lineWidth = overrides.lineWidth;
    if (overrides.radius !== undefined) o.radius = overrides.radius;
    const symbol = itemSymbol(legend, item);
    if (symbol !== undefined) o.symbol = symbol;
    const stroke = item?.stroke !== undefined ? parseHexColor(item.stroke) : undefined;
    if (stroke && !fixed) o.stroke = stroke;
    const color = fixed ?? parseHexColor(item?.color) ?? mustColor(DEFAULT_GREY, 'grey');
    return makePaint(kind, color, o);
  };
  const itemPaints = legend.items.map((item) => paintOf(item));
  const grey = paintOf(undefined);
  const label = overrides.label !== undefined ? { label: overrides.label } : {};

  if (overrides.code !== undefined) {
    const key = codeKey(overrides.code);
    const i = legend.items.findIndex((it) => it.code !== undefined && codeKey(it.code) === key);
    if (i < 0) throw new RangeError(`legend ${legend.id} has no item with code ${JSON.stringify(overrides.code)}`);
    return { kind, codes: new Map(), ranges: [], fallback: itemPaints[i]!, itemPaints: [itemPaints[i]!], ...label };
  }
  if (legend.field === undefined) {
    return { kind, codes: new Map(), ranges: [], fallback: itemPaints[0] ?? grey, itemPaints, ...label };
  }
  const c = buildClassifier(legend.items, (_item, i) => itemPaints[i]!);
  const ranges: RangeClass[] = c.ranges.map((r) => ({ ...(r.min !== undefined ? { min: r.min } : {}), ...(r.max !== undefined ? { max: r.max } : {}), paint: r.value }));
  return { kind, field: legend.field, codes: c.codes, ranges, fallback: grey, itemPaints, ...label };
}

/** A style with one colour for every feature (e.g. erosion #FF0000 / accretion #2AA7FE); `stroke` gives fills and circles an outline of another colour. */
export function fixedStyle(kind: StyleKind, color: string, overrides: Omit<StyleOverrides, 'color' | 'code'> & { stroke?: string } = {}): LayerStyle {
  const o: PaintOptions = {};
  const opacity = opacityOf(overrides);
  if (opacity !== undefined) o.opacity = opacity;
  if (overrides.stroke !== undefined) o.stroke = mustColor(overrides.stroke, 'fixedStyle stroke');
  if (overrides.lineWidth !== undefined) o.lineWidth = overrides.lineWidth;
  if (overrides.radius !== undefined) o.radius = overrides.radius;
  const paint = makePaint(kind, mustColor(color, 'fixedStyle'), o);
  return { kind, codes: new Map(), ranges: [], fallback: paint, itemPaints: [paint], ...(overrides.label !== undefined ? { label: overrides.label } : {}) };
}

/** The change-area layers (erosion / accretion polygons) in their SPEC §9 colours. */
export function changeAreaStyle(which: 'erosion' | 'accretion', overrides: Omit<StyleOverrides, 'color' | 'code'> = {}): LayerStyle {
  return fixedStyle('fill', which === 'erosion' ? EROSION_COLOR : ACCRETION_COLOR, overrides);
}
