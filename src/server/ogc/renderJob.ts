// One GetMap image as a plain, cloneable description: the rows exactly as the database wrote them
// (style values as JSON text, geometries as TWKB) and the resolved layer styles. `runRenderJob`
// turns it into PNG or JPEG bytes, on a render worker thread (renderPool.ts) or inline; parsing
// and drawing are the CPU-heavy part of GetMap.

import type { Canvas } from '@napi-rs/canvas';
import type { Geometry, Position } from 'geojson';
import { encodeRgbaPng } from './png.ts';
import { canvasPackage } from './render/canvas.ts';
import { readTwkbLines, readTwkbSequence } from './twkb.ts';
import { drawLineMap, drawMap, LinePainter, paintFor, strokeStyle, type BBox, type LayerStyle, type Paint, type RenderCrs, type RenderFeature, type RenderLayer } from './render/index.ts';

/** Features as the database writes them for drawing (query.ts `renderRowsColumns`). */
export interface RenderRows {
  /** The style attribute's values, a JSON array. */
  values: string;
  /** The geometries as TWKB, one after another, in the order of `values`; base64 (PostgreSQL's `encode(…, 'base64')`, with its line breaks). */
  geometries: string;
}

/** `merge` joins lines of one value into one MultiLineString. */
type RowsLayer = { kind: 'rows'; style: LayerStyle; field?: string; merge: boolean } & RenderRows;

export type JobLayer =
  | RowsLayer
  /** `[geometry, ...]` (land polygons of the raster stand-in). */
  | { kind: 'geometries'; json: string; style: LayerStyle }
  | { kind: 'features'; features: RenderFeature[]; style: LayerStyle };

export interface RenderJob {
  width: number;
  height: number;
  bbox: BBox;
  crs: RenderCrs;
  format: 'png' | 'jpeg';
  transparent: boolean;
  bgcolor: string;
  layers: JobLayer[];
}

/** A row's properties for its paint: the style attribute's value, when the style has one. */
function propertiesOf(field: string | undefined, value: unknown): RenderFeature['properties'] {
  return field !== undefined ? { [field]: value } : null;
}

function asFeatures(rows: ReadonlyArray<[unknown, unknown]>, field: string | undefined): RenderFeature[] {
  return rows.map(([value, geometry]) => ({
    geometry: geometry as RenderFeature['geometry'],
    properties: propertiesOf(field, value),
  }));
}

/**
 * Lines of one style value merged into one MultiLineString: the canvas then strokes a few paths
 * instead of thousands (measured 3x faster on a z8 tile of 6,400 lines); what is drawn is the
 * same, as every line of a class has the same paint.
 */
function mergedLines(rows: ReadonlyArray<[unknown, unknown]>, field: string | undefined): RenderFeature[] {
  const groups = new Map<string, { value: unknown; lines: Position[][] }>();
  const others: Array<[unknown, unknown]> = [];
  for (const row of rows) {
    const [value, g] = row as [unknown, Geometry | null];
    if (!g || (g.type !== 'LineString' && g.type !== 'MultiLineString')) {
      others.push(row);
      continue;
    }
    const key = JSON.stringify(value ?? null);
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { value, lines: [] }));
    if (g.type === 'LineString') group.lines.push(g.coordinates);
    else for (const line of g.coordinates) group.lines.push(line);
  }
  const merged: RenderFeature[] = [...groups.values()].map((group) => ({
    geometry: { type: 'MultiLineString', coordinates: group.lines },
    properties: propertiesOf(field, group.value),
  }));
  return others.length ? [...merged, ...asFeatures(others, field)] : merged;
}

function zipRows(r: RenderRows): Array<[unknown, Geometry]> {
  const values = JSON.parse(r.values) as unknown[];
  const geometries = readTwkbSequence(Buffer.from(r.geometries, 'base64'));
  if (values.length !== geometries.length) throw new RangeError(`render rows: ${values.length} values for ${geometries.length} geometries`);
  return geometries.map((g, i) => [values[i], g]);
}

/**
 * `merge`: join a 'rows' layer's lines by value, for Skia. The line rasteriser takes them one by
 * one, in the database's order, as MapServer draws them: where lines of two values overlap, the
 * later one is on top on both servers.
 */
function layerOf(l: JobLayer, rows: Array<[unknown, Geometry]> | undefined, merge: boolean): RenderLayer {
  switch (l.kind) {
    case 'rows':
      return { features: merge && l.merge ? mergedLines(rows!, l.field) : asFeatures(rows!, l.field), style: l.style };
    case 'geometries': {
      const geometries = JSON.parse(l.json) as unknown[];
      return { features: geometries.map((g) => ({ geometry: g as RenderFeature['geometry'] })), style: l.style };
    }
    case 'features':
      return { features: l.features, style: l.style };
  }
}

/** JPEG quality of GetMap images (GeoServer's default is 0.75; map lines and labels want a little more). */
export const JPEG_QUALITY = 85;

/**
 * A job of line-style rows only, drawn from the TWKB straight into the line rasteriser, one row
 * after another: no GeoJSON objects in between. Null when a layer is anything else or a
 * geometry is a point or a collection (the GeoJSON path then draws it).
 */
function drawStrokeRows(job: RenderJob): Uint8ClampedArray | null {
  const layers = job.layers.filter((l): l is RowsLayer => l.kind === 'rows' && strokeStyle(l.style));
  if (layers.length !== job.layers.length) return null;
  const painter = new LinePainter(job);
  for (const l of layers) {
    const values = JSON.parse(l.values) as unknown[];
    const paints = new Map<unknown, Paint>();
    const paintOf = (value: unknown): Paint => {
      let paint = paints.get(value);
      if (!paint) paints.set(value, (paint = paintFor(l.style, propertiesOf(l.field, value))));
      return paint;
    };
    const read = readTwkbLines(Buffer.from(l.geometries, 'base64'), {
      start: (i) => painter.begin(paintOf(values[i])),
      part: (xy, count, ring) => painter.part(xy, count, ring),
      end: () => painter.end(),
    });
    if (read === null) return null;
    if (read !== values.length) throw new RangeError(`render rows: ${values.length} values for ${read} geometries`);
  }
  return painter.rgba();
}

/** The job through GeoJSON features: the line rasteriser's pixels when it is strokes only, else Skia's canvas. */
function drawFeatures(job: RenderJob): Uint8ClampedArray | Canvas {
  const rows = job.layers.map((l) => (l.kind === 'rows' ? zipRows(l) : undefined));
  const request = (merge: boolean) => ({
    width: job.width,
    height: job.height,
    bbox: job.bbox,
    crs: job.crs,
    transparent: job.transparent,
    bgcolor: job.bgcolor,
    layers: job.layers.map((l, i) => layerOf(l, rows[i], merge)),
  });
  // only layers of line styles can be strokes only: anything else goes to Skia without building the layers twice
  const strokes = job.layers.every((l) => strokeStyle(l.style));
  return (strokes ? drawLineMap(request(false)) : null) ?? drawMap(request(true));
}

/**
 * Draws the job and writes the PNG with the fast tile encoder (png.ts), or a JPEG with Skia's.
 * Strokes only (line styles without labels) are drawn by the line rasteriser, the rest by Skia.
 */
export async function runRenderJob(job: RenderJob): Promise<Buffer> {
  const drawn = drawStrokeRows(job) ?? drawFeatures(job);
  if (drawn instanceof Uint8ClampedArray) {
    return job.format === 'png' ? encodeRgbaPng(drawn, job.width, job.height) : canvasOf(drawn, job.width, job.height).encode('jpeg', JPEG_QUALITY);
  }
  return job.format === 'png' ? encodeRgbaPng(drawn.getContext('2d').getImageData(0, 0, job.width, job.height).data, job.width, job.height) : drawn.encode('jpeg', JPEG_QUALITY);
}

function canvasOf(rgba: Uint8ClampedArray, width: number, height: number): Canvas {
  const { createCanvas, ImageData } = canvasPackage();
  const canvas = createCanvas(width, height);
  canvas.getContext('2d').putImageData(new ImageData(rgba, width, height), 0, 0);
  return canvas;
}
