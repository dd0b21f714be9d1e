/**
 * GetMap images that are only strokes (line styles without labels: shorelines by year, the bench's
 * lines), drawn by the line rasteriser instead of Skia (issue 29 aim 1: a z8 tile of 6,600 lines
 * took ~30 ms in Skia, ~5 ms here). Any other request gets null and is drawn by renderMap.ts; the
 * strokes look the same either way, but for round joins here (Skia's are mitred).
 */
import type { Geometry, Position } from 'geojson';
import { parseBgColor } from './color.ts';
import { LineRaster } from './lineRaster.ts';
import { makeProjector, type Projector } from './projection.ts';
import { MIN_SEGMENT_PX, validateRequest } from './renderMap.ts';
import { paintFor } from './style.ts';
import type { RenderFeature, RenderLayer, RenderRequest } from './types.ts';

const STROKED = new Set(['LineString', 'MultiLineString', 'Polygon', 'MultiPolygon']);

/** A layer of strokes only: a line style, no labels, its features in hand and none of them a point. */
function strokesOnly(layer: RenderLayer): boolean {
  const { style, features } = layer;
  if (style.kind !== 'line' || style.label !== undefined || !Array.isArray(features)) return false;
  return features.every((f: RenderFeature) => !f?.geometry || STROKED.has(f.geometry.type));
}

/** Adds one polyline (or ring) to the stroke, merging sub-pixel segments as renderMap.ts does. */
function trace(raster: LineRaster, proj: Projector, coords: readonly Position[], close: boolean): void {
  let startX = NaN;
  let startY = NaN;
  let lastX = NaN;
  let lastY = NaN;
  let pendingX = NaN;
  let pendingY = NaN;
  for (const p of coords) {
    if (!p) continue;
    const x = proj.x(p[0]!);
    const y = proj.y(p[1]!);
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

function strokeGeometry(raster: LineRaster, proj: Projector, g: Geometry): void {
  switch (g.type) {
    case 'LineString':
      trace(raster, proj, g.coordinates, false);
      return;
    case 'MultiLineString':
    case 'Polygon':
      for (const part of g.coordinates) if (Array.isArray(part)) trace(raster, proj, part, g.type === 'Polygon');
      return;
    case 'MultiPolygon':
      for (const rings of g.coordinates) if (Array.isArray(rings)) for (const ring of rings) if (Array.isArray(ring)) trace(raster, proj, ring, true);
      return;
    default:
      return;
  }
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

/** The request drawn as straight-alpha RGBA pixels, or null when it is not strokes only. */
export function drawLineMap(request: RenderRequest): Uint8ClampedArray | null {
  if (!request.layers.every(strokesOnly)) return null;
  validateRequest(request);
  const { width, height } = request;
  const raster = rasterOf(width, height);
  if (!request.transparent) raster.fill(request.bgcolor !== undefined ? parseBgColor(request.bgcolor)! : { r: 255, g: 255, b: 255, a: 1 });
  const proj = makeProjector(request.crs, request.bbox, width, height);
  for (const layer of request.layers) {
    for (const feature of layer.features) {
      const g = feature?.geometry;
      if (!g) continue;
      const paint = paintFor(layer.style, feature.properties);
      if (paint.strokeRgba === null || paint.lineWidth <= 0) continue;
      raster.beginStroke(paint.lineWidth);
      strokeGeometry(raster, proj, g);
      raster.endStroke(paint.strokeRgba);
    }
  }
  return raster.rgba();
}
