/**
 * Shared pieces of the generated .docx files: Sarabun embedded (regular and bold, so Word and
 * LibreOffice show the same Thai face as the PDF without the font installed), A4 pages, Thai
 * set as the complex-script font and size (Word draws Thai with the `cs` font, `szCs` size and
 * `bCs` bold), dotted answer lines as right tab stops with a dot leader.
 */
import {
  AlignmentType,
  BorderStyle,
  CharacterSet,
  Document,
  Footer,
  LeaderType,
  Packer,
  PageNumber,
  Paragraph,
  ShadingType,
  TabStopType,
  TextRun,
  type ISectionOptions,
  type ParagraphChild,
} from 'docx';
import type { SarabunFonts } from '../../pdf/fonts.ts';

const DOCX_FONT = 'Sarabun';
/** A4 in twips, 2 cm margins. */
const PAGE = { width: 11906, height: 16838, margin: 1134 };
export const CONTENT_TWIPS = PAGE.width - 2 * PAGE.margin;
/** 1 pt = 20 twips; indentation step of 14 pt like the PDF. */
export const INDENT = 280;
const BODY_HALF_POINTS = 22; // 11 pt

interface RunStyle {
  bold?: boolean;
  size?: number; // points
  color?: string;
}

export function run(text: string, style: RunStyle = {}): TextRun {
  const halfPoints = style.size ? Math.round(style.size * 2) : undefined;
  return new TextRun({
    text,
    ...(style.bold ? { bold: true, boldComplexScript: true } : {}),
    ...(halfPoints ? { size: halfPoints, sizeComplexScript: halfPoints } : {}),
    ...(style.color ? { color: style.color } : {}),
  });
}

export function para(children: ParagraphChild[] | string, opts: { indent?: number; hanging?: number; before?: number; after?: number; align?: 'left' | 'center' | 'right'; keepNext?: boolean; style?: RunStyle } = {}): Paragraph {
  return new Paragraph({
    children: typeof children === 'string' ? [run(children, opts.style)] : children,
    spacing: { before: opts.before ?? 0, after: opts.after ?? 0 },
    ...(opts.indent || opts.hanging ? { indent: { left: opts.indent ?? 0, ...(opts.hanging ? { hanging: opts.hanging } : {}) } } : {}),
    ...(opts.align === 'center' ? { alignment: AlignmentType.CENTER } : opts.align === 'right' ? { alignment: AlignmentType.RIGHT } : {}),
    ...(opts.keepNext ? { keepNext: true } : {}),
  });
}

/** A dotted answer line from `indent` (twips) to the right margin (`width`: fraction of the line). */
export function dottedLine(indent = 0, width = 1, prefix?: string): Paragraph {
  const end = indent + Math.round((CONTENT_TWIPS - indent) * width);
  return new Paragraph({
    children: [...(prefix ? [run(prefix)] : []), new TextRun({ text: '\t' })],
    tabStops: [{ type: TabStopType.RIGHT, position: end, leader: LeaderType.DOT }],
    spacing: { before: 120, after: 0 },
    ...(indent ? { indent: { left: indent } } : {}),
  });
}

/** A shaded heading bar for a step. */
export function stepHeading(text: string): Paragraph {
  return new Paragraph({
    children: [run(text, { bold: true, size: 12, color: '1F3B57' })],
    shading: { type: ShadingType.CLEAR, color: 'auto', fill: 'E3EBF3' },
    spacing: { before: 240, after: 80 },
    keepNext: true,
  });
}

export const THIN = { style: BorderStyle.SINGLE, size: 4, color: '777777' } as const;
export const NONE = { style: BorderStyle.NONE, size: 0, color: 'FFFFFF' } as const;

/** 'n/N' at the right of the footer. */
function pageFooter(): Footer {
  const children = [new TextRun({ children: [PageNumber.CURRENT, '/', PageNumber.TOTAL_PAGES], size: 16, sizeComplexScript: 16, color: '555555' })];
  return new Footer({ children: [new Paragraph({ alignment: AlignmentType.RIGHT, children })] });
}

/** A document with Sarabun embedded and one A4 section. */
export function sarabunDocument(fonts: SarabunFonts, title: string, children: ISectionOptions['children']): Document {
  const buf = (u8: Uint8Array) => Buffer.from(u8.buffer, u8.byteOffset, u8.byteLength);
  return new Document({
    title,
    creator: 'thai-coastal-map',
    fonts: [{ name: DOCX_FONT, data: buf(fonts.regular), bold: buf(fonts.bold), characterSet: CharacterSet.THAI }],
    styles: {
      default: {
        document: {
          run: {
            font: { ascii: DOCX_FONT, hAnsi: DOCX_FONT, cs: DOCX_FONT, eastAsia: DOCX_FONT },
            size: BODY_HALF_POINTS,
            sizeComplexScript: BODY_HALF_POINTS,
          },
          paragraph: { spacing: { line: 276 } },
        },
      },
    },
    sections: [
      {
        properties: {
          page: {
            size: { width: PAGE.width, height: PAGE.height },
            margin: { top: PAGE.margin, bottom: PAGE.margin, left: PAGE.margin, right: PAGE.margin },
          },
        },
        footers: {
          default: pageFooter(),
        },
        children,
      },
    ],
  });
}

export async function packDocx(doc: Document): Promise<Uint8Array> {
  const buffer = await Packer.toBuffer(doc);
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
}
