/**
 * GetMap images that are only strokes (line styles without labels: shorelines by year, the bench's
 * lines), drawn by the line rasteriser instead of Skia (issue 29 aim 1: a z8 tile of 6,600 lines
 * took ~30 ms in Skia, ~5 ms here). Any other request gets null and is drawn by renderMap.ts; the
 * strokes look the same either way, but for round joins here (Skia's are mitred).
 */
import type { Geometry, Position } from 'geojson';
import { parseBgColor, type Rgba } from './color.ts';
import { LineRaster } from './lineRaster.ts';
import { makeProjector, type Projector } from './projection.ts';
import { MIN_SEGMENT_PX, validateRequest } from './renderMap.ts';
import { paintFor } from './style.ts';
import type { LayerStyle, Paint, RenderFeature, RenderLayer, RenderRequest } from './types.ts';

const STROKED = new Set(['LineString', 'MultiLineString', 'Polygon', 'MultiPolygon']);

/** A style drawn as strokes only: a line style without labels. */
export function strokeStyle(style: LayerStyle): boolean {
  return style.kind === 'line' && style.label === undefined;
}

/** A layer of strokes only: a line style, no labels, its features in hand and none of them a point. */
function strokesOnly(layer: RenderLayer): boolean {
  const { style, features } = layer;
  if (!strokeStyle(style) || !Array.isArray(features)) return false;
  return features.every((f: RenderFeature) => !f?.geometry || STROKED.has(f.geometry.type));
}

/** Adds one polyline (or ring) of `count` x, y pairs to the stroke, merging sub-pixel segments as renderMap.ts does. */
function trace(raster: LineRaster, proj: Projector, xy: ArrayLike<number>, count: number, close: boolean): void {
  let startX = NaN;
  let startY = NaN;
  let lastX = NaN;
  let lastY = NaN;
  let pendingX = NaN;
  let pendingY = NaN;
  for (let i = 0; i < count; i++) {
    const x = proj.x(xy[2 * i]!);
    const y = proj.y(xy[2 * i + 1]!);
    if (!(Number.isFinite(x) && Number.isFinite(y))) continue;
    if (Number.isNaN(lastX)) {
      startX = lastX = x;
      startY = lastY = y;
      continue;
    }
    const dx = x - lastX;
    const dy = y - lastY;
    if (dx * dx + dy * dy < MIN_SEGMENT_PX * MIN_SEGMENT_PX) {
      pendingX = x; // the line still ends where it should
      pendingY = y;
      continue;
    }
    raster.segment(lastX, lastY, x, y);
    lastX = x;
    lastY = y;
    pendingX = NaN;
  }
  if (Number.isNaN(lastX)) return;
  if (close) raster.segment(lastX, lastY, startX, startY);
  else if (!Number.isNaN(pendingX)) raster.segment(lastX, lastY, pendingX, pendingY); // even of zero length: a round dot
}

/** The last raster of the thread, drawn on again when the size is the same (a tile server's usual case). */
let spare: LineRaster | undefined;

function rasterOf(width: number, height: number): LineRaster {
  if (spare?.width === width && spare.height === height) {
    spare.clear();
    return spare;
  }
  return (spare = new LineRaster(width, height));
}

/**
 * Strokes drawn feature after feature, each composited over what is drawn (as MapServer draws),
 * onto the thread's raster. Coordinates come as x, y pairs in the request's CRS.
 */
export class LinePainter {
  private readonly raster: LineRaster;
  private readonly proj: Projector;
  /** The colour of the feature in progress; null when its paint draws nothing. */
  private color: Rgba | null = null;

  constructor(view: Omit<RenderRequest, 'layers'>) {
    validateRequest({ ...view, layers: [] });
    this.raster = rasterOf(view.width, view.height);
    if (!view.transparent) this.raster.fill(view.bgcolor !== undefined ? parseBgColor(view.bgcolor)! : { r: 255, g: 255, b: 255, a: 1 });
    this.proj = makeProjector(view.crs, view.bbox, view.width, view.height);
  }

  begin(paint: Paint): void {
    this.color = paint.strokeRgba !== null && paint.lineWidth > 0 ? paint.strokeRgba : null;
    if (this.color) this.raster.beginStroke(paint.lineWidth);
  }

  /** One line or ring of the feature: `count` x, y pairs from the start of `xy`. */
  part(xy: ArrayLike<number>, count: number, ring: boolean): void {
    if (this.color) trace(this.raster, this.proj, xy, count, ring);
  }

  end(): void {
    if (this.color) this.raster.endStroke(this.color);
    this.color = null;
  }

  /** The picture as straight-alpha RGBA. */
  rgba(): Uint8ClampedArray {
    return this.raster.rgba();
  }
}

/** A GeoJSON part as x, y pairs, in a buffer reused from part to part. */
let scratch = new Float64Array(256);

function flat(coords: readonly Position[]): Float64Array {
  if (scratch.length < coords.length * 2) scratch = new Float64Array(coords.length * 2);
  let n = 0;
  for (const p of coords) {
    if (!p) continue;
    scratch[n++] = p[0]!;
    scratch[n++] = p[1]!;
  }
  return scratch.subarray(0, n);
}

function strokeGeometry(painter: LinePainter, g: Geometry): void {
  const part = (coords: readonly Position[], ring: boolean) => {
    const xy = flat(coords);
    painter.part(xy, xy.length / 2, ring);
  };
  switch (g.type) {
    case 'LineString':
      part(g.coordinates, false);
      return;
    case 'MultiLineString':
    case 'Polygon':
      for (const line of g.coordinates) if (Array.isArray(line)) part(line, g.type === 'Polygon');
      return;
    case 'MultiPolygon':
      for (const rings of g.coordinates) if (Array.isArray(rings)) for (const ring of rings) if (Array.isArray(ring)) part(ring, true);
      return;
    default:
      return;
  }
}

/** The request drawn as straight-alpha RGBA pixels, or null when it is not strokes only. */
export function drawLineMap(request: RenderRequest): Uint8ClampedArray | null {
  if (!request.layers.every(strokesOnly)) return null;
  const painter = new LinePainter(request);
  for (const layer of request.layers) {
    for (const feature of layer.features) {
      const g = feature?.geometry;
      if (!g) continue;
      painter.begin(paintFor(layer.style, feature.properties));
      strokeGeometry(painter, g);
      painter.end();
    }
  }
  return painter.rgba();
}
