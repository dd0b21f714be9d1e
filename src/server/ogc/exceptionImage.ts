// WMS GetMap exceptions as images (EXCEPTIONS=application/vnd.ogc.se_inimage / INIMAGE, and
// se_blank / BLANK): a tile client that cannot show an XML report gets an image of the requested
// size and FORMAT (a JPEG for image/jpeg, else a PNG), with the message drawn on it (inimage) or
// empty (blank). Answered with 200, as the
// image is what such clients expect; without a usable WIDTH and HEIGHT the report stays XML.

import type { Kvp } from './kvp.ts';
import { canvasPackage } from './render/canvas.ts';
import { cssColor } from './render/color.ts';
import { ensureFonts, labelFont } from './render/fonts.ts';
import { MAX_SIZE, MIN_SIZE, parseBgColor } from './render/index.ts';
import { JPEG_QUALITY } from './renderJob.ts';
import { imageFormatOf, MAP_FORMATS } from './imageFormats.ts';

type ExceptionsMode = 'xml' | 'inimage' | 'blank';

/** EXCEPTIONS in its WMS 1.1.1 (MIME type) and 1.3.0 (keyword) spellings; anything else is XML. */
export function exceptionsMode(raw: string | undefined): ExceptionsMode {
  const v = (raw ?? '').trim().toLowerCase();
  if (v === 'inimage' || v === 'application/vnd.ogc.se_inimage') return 'inimage';
  if (v === 'blank' || v === 'application/vnd.ogc.se_blank') return 'blank';
  return 'xml';
}

function size(kvp: Kvp, name: string): number | undefined {
  const raw = kvp.get(name)?.trim() ?? '';
  if (!/^\d{1,5}$/.test(raw)) return undefined;
  const n = Number(raw);
  return n >= MIN_SIZE && n <= MAX_SIZE ? n : undefined;
}

/** Words wrapped to lines no wider than `max` pixels. */
function wrap(measure: (text: string) => number, text: string, max: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (line && measure(next) > max) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

/** The exception as an image and its MIME type, or undefined when the request gives no usable size. */
export async function exceptionImage(kvp: Kvp, mode: 'inimage' | 'blank', message: string): Promise<{ body: Buffer; type: string } | undefined> {
  const width = size(kvp, 'WIDTH');
  const height = size(kvp, 'HEIGHT');
  if (width === undefined || height === undefined) return undefined;
  const canvas = canvasPackage().createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  const format = imageFormatOf(kvp.get('FORMAT')) ?? 'png';
  // JPEG has no alpha: a transparent request gets the background colour, as GetMap's JPEG does.
  const transparent = format === 'png' && /^(true|1)$/i.test(kvp.get('TRANSPARENT')?.trim() ?? '');
  if (!transparent) {
    ctx.fillStyle = cssColor(parseBgColor(kvp.get('BGCOLOR')?.trim() ?? '') ?? { r: 255, g: 255, b: 255, a: 1 });
    ctx.fillRect(0, 0, width, height);
  }
  if (mode === 'inimage') {
    ensureFonts();
    ctx.font = labelFont(12);
    ctx.fillStyle = '#B00020';
    ctx.textBaseline = 'top';
    wrap((t) => ctx.measureText(t).width, message, Math.max(1, width - 8)).forEach((line, i) => ctx.fillText(line, 4, 4 + i * 15));
  }
  const body = format === 'jpeg' ? await canvas.encode('jpeg', JPEG_QUALITY) : await canvas.encode('png');
  return { body, type: MAP_FORMATS[format] };
}
