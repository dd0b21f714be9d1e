// The pieces of a proposal PDF page (layout.ts puts them together): the A4 page box, the sizes at a
// page scale, number formats, shortening Thai text at a word boundary, and the drawing primitives
// (text, dotted answer lines, check boxes, table layouts) as pdfmake nodes.
import { PDF_TEXT } from './labels.ts';
import { nestRuns, thaiRuns } from '../../pdf/thaiText.ts';

/** A4 in points. */
const PAGE_WIDTH = 595.28;
const PAGE_HEIGHT = 841.89;
/** left, top, right, bottom; the page number sits in the bottom margin. */
export const MARGINS: [number, number, number, number] = [42, 40, 42, 46];
export const CONTENT_WIDTH = PAGE_WIDTH - MARGINS[0] - MARGINS[2];
export const INNER_HEIGHT = PAGE_HEIGHT - MARGINS[1] - MARGINS[3];

/** Smallest scale before answers are shortened: 11 pt x 0.6 = 6.6 pt text. */
export const MIN_SCALE = 0.6;

// pdfmake's node types are loose; these aliases keep the builder readable.
export type Node = Record<string, unknown>;
export type Content = Node | string;

/** Sizes at a page scale. */
export function sizes(s: number) {
  return {
    body: 11 * s,
    small: Math.max(6, 8.5 * s),
    title: Math.max(11, 15 * s),
    heading: 12 * s,
    row: 17 * s,
    gapItem: 5 * s,
    gapSub: 2.5 * s,
    indent: 14 * s,
    box: 7 * s,
    mapHeight: 190 * s,
  };
}
export type Sizes = ReturnType<typeof sizes>;

export const numberFormat = new Intl.NumberFormat('th-TH', { maximumFractionDigits: 2 });
export const moneyFormat = new Intl.NumberFormat('th-TH', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
export const metreFormat = new Intl.NumberFormat('th-TH', { maximumFractionDigits: 0 });

export function isBlank(v: unknown): boolean {
  return v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (typeof v === 'number' && !Number.isFinite(v));
}

export function asNumber(v: unknown): number | undefined {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  return undefined;
}

/** PNG/JPEG data URLs only: pdfmake embeds nothing else. */
export function usableImage(v: unknown): string | undefined {
  return typeof v === 'string' && /^data:image\/(png|jpe?g);base64,/i.test(v) ? v : undefined;
}

const wordSegmenter = typeof Intl.Segmenter === 'function' ? new Intl.Segmenter('th', { granularity: 'word' }) : null;
const graphemeSegmenter = typeof Intl.Segmenter === 'function' ? new Intl.Segmenter('th', { granularity: 'grapheme' }) : null;

/** The last boundary of `segmenter` at or before `max`, looking at most 300 characters back. */
function boundaryBefore(segmenter: Intl.Segmenter | null, text: string, max: number): number {
  if (!segmenter) return max;
  const from = Math.max(0, max - 300);
  let last = -1;
  for (const s of segmenter.segment(text.slice(from, max + 1))) {
    const at = from + s.index;
    if (at > max) break;
    if (at > from || from === 0) last = at;
  }
  return last;
}

/** Cuts `text` to at most `max` characters at a word boundary and says how much was cut. */
export function shorten(text: string, max: number): string {
  if (text.length <= max) return text;
  let cut = boundaryBefore(wordSegmenter, text, max);
  // no word boundary close by: cut between grapheme clusters (never a consonant from its marks)
  if (cut < max - 200) cut = boundaryBefore(graphemeSegmenter, text, max);
  if (cut < 0) cut = max;
  const kept = text.slice(0, cut).trimEnd();
  return kept + PDF_TEXT.truncated(text.length - kept.length);
}

/** Characters that take horizontal room (Thai combining marks do not). */
export function visibleLength(text: string): number {
  return text.replace(/[\u0E31\u0E34-\u0E3A\u0E47-\u0E4E]/g, '').length;
}

export function textNode(text: string, extra: Node = {}): Node {
  return { text: nestRuns(thaiRuns(text)), ...extra };
}

export function dottedLines(count: number, z: Sizes, indent: number, width = CONTENT_WIDTH - indent): Node {
  const lines: Node[] = [];
  for (let i = 0; i < count; i++) {
    const y = (i + 1) * z.row - 3 * (z.row / 17);
    lines.push({ type: 'line', x1: 0, y1: y, x2: width, y2: y, lineWidth: 0.5, lineColor: '#7a7a7a', dash: { length: 1, space: 2 } });
  }
  return { canvas: lines, margin: [indent, 0, 0, 2 * (z.row / 17)] };
}

function checkbox(checked: boolean, z: Sizes): Node {
  const b = z.box;
  const top = z.body * 0.42;
  const shapes: Node[] = [{ type: 'rect', x: 0, y: top, w: b, h: b, lineWidth: 0.6, lineColor: '#333333' }];
  if (checked) {
    shapes.push({
      type: 'polyline',
      lineWidth: Math.max(0.8, 1.2 * (b / 7)),
      lineColor: '#000000',
      points: [
        { x: b * 0.18, y: top + b * 0.52 },
        { x: b * 0.42, y: top + b * 0.8 },
        { x: b * 0.86, y: top + b * 0.16 },
      ],
    });
  }
  return { canvas: shapes, width: b + 4 * (z.box / 7) };
}

export function choiceRow(title: string, checked: boolean, z: Sizes): Node {
  return { columns: [checkbox(checked, z), textNode(title, { width: '*' })], columnGap: 0 };
}

/** Table layout without lines, with paddings scaled to the page. */
export function quietLayout(z: Sizes, padX = 6): Node {
  const k = z.row / 17;
  return {
    hLineWidth: () => 0,
    vLineWidth: () => 0,
    paddingLeft: (i: number) => (i ? padX * k : 0),
    paddingRight: () => 0,
    paddingTop: () => 0.5 * k,
    paddingBottom: () => 0.5 * k,
  };
}

export function gridLayout(z: Sizes): Node {
  const k = z.row / 17;
  return {
    hLineWidth: () => 0.5,
    vLineWidth: () => 0.5,
    hLineColor: () => '#555555',
    vLineColor: () => '#555555',
    paddingLeft: () => 4 * k,
    paddingRight: () => 4 * k,
    paddingTop: () => 2 * k,
    paddingBottom: () => 2 * k,
    fillColor: (row: number) => (row === 0 ? '#eef2f6' : null),
  };
}
