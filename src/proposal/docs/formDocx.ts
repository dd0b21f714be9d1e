/**
 * The blank proposal form as .docx (docx package): the form title, each step as a section
 * heading, items 1-15 with their labels from the config, dotted answer lines (textarea rows from
 * the uiSchema), empty check boxes for the options, frames for the map and the minimap, the
 * budget table (column titles from the schema plus the total) and the contact block.
 */
import { HeightRule, Paragraph, Table, TableCell, TableRow, VerticalAlign, WidthType } from 'docx';
import type { FormDoc } from '../../engine/types.ts';
import { PROPOSAL_UTM_ZONE } from '../geo/utm.ts';
import type { SarabunFonts } from '../../pdf/fonts.ts';
import { formModel, type FormItem } from '../pdf/formModel.ts';
import { MINIMAP_SIZE, PDF_TEXT } from '../pdf/labels.ts';
import { CONTENT_TWIPS, dottedLine, INDENT, NONE, packDocx, para, run, sarabunDocument, stepHeading, THIN } from './docxCommon.ts';

const BOX = '\u2610'; // ☐

type Block = Paragraph | Table;

function visibleLength(text: string): number {
  return text.replace(/[\u0E31\u0E34-\u0E3A\u0E47-\u0E4E]/g, '').length;
}

const noBorders = { top: NONE, bottom: NONE, left: NONE, right: NONE, insideHorizontal: NONE, insideVertical: NONE };

function choiceBlocks(item: FormItem, indent: number): Block[] {
  if (item.inline) return [para(item.options.map((o, i) => run(`${i ? '      ' : ''}${BOX} ${o.title}`)), { indent, before: 40 })];
  const longest = Math.max(...item.options.map((o) => visibleLength(o.title)));
  const cols = longest <= 24 ? 3 : longest <= 64 ? 2 : 1;
  if (cols === 1) return item.options.map((o) => para(`${BOX} ${o.title}`, { indent, before: 20 }));
  const width = Math.floor((CONTENT_TWIPS - indent) / cols);
  const rows: TableRow[] = [];
  for (let i = 0; i < item.options.length; i += cols) {
    rows.push(
      new TableRow({
        children: Array.from({ length: cols }, (_, c) => {
          const o = item.options[i + c];
          return new TableCell({ width: { size: width, type: WidthType.DXA }, children: [para(o ? `${BOX} ${o.title}` : '')] });
        }),
      }),
    );
  }
  return [new Table({ rows, width: { size: width * cols, type: WidthType.DXA }, columnWidths: Array(cols).fill(width), indent: { size: indent, type: WidthType.DXA }, borders: noBorders })];
}

function frameCell(width: number, label: string): TableCell {
  return new TableCell({
    width: { size: width, type: WidthType.DXA },
    verticalAlign: VerticalAlign.CENTER,
    borders: { top: THIN, bottom: THIN, left: THIN, right: THIN },
    children: [para([run(label, { size: 9, color: '8A8A8A' })], { align: 'center' })],
  });
}

function mapBlocks(indent: number): Block[] {
  const mini = MINIMAP_SIZE * 20; // pt -> twips
  const gap = 200;
  const mapWidth = CONTENT_TWIPS - indent - mini - gap;
  const mapHeight = 190 * 20;
  const frames = new Table({
    width: { size: mapWidth + gap + mini, type: WidthType.DXA },
    columnWidths: [mapWidth, gap, mini],
    indent: { size: indent, type: WidthType.DXA },
    borders: noBorders,
    rows: [
      new TableRow({
        height: { value: mapHeight, rule: HeightRule.EXACT },
        children: [
          frameCell(mapWidth, PDF_TEXT.mapPlaceholder),
          new TableCell({ width: { size: gap, type: WidthType.DXA }, children: [para('')] }),
          new TableCell({
            width: { size: mini, type: WidthType.DXA },
            children: [
              new Table({
                width: { size: mini, type: WidthType.DXA },
                columnWidths: [mini],
                rows: [new TableRow({ height: { value: mini, rule: HeightRule.EXACT }, children: [frameCell(mini, PDF_TEXT.minimapPlaceholder)] })],
              }),
              para([run(PDF_TEXT.minimapCaption, { size: 8 })], { align: 'center' }),
            ],
          }),
        ],
      }),
    ],
  });
  return [frames, para([run(PDF_TEXT.scaleHint, { size: 8.5 })], { indent, before: 40 })];
}

function amountsTable(item: FormItem, indent: number): Table {
  const cols = item.leaves.length + 1;
  const width = Math.floor((CONTENT_TWIPS - indent) / cols);
  const cell = (children: Paragraph[], shade = false) =>
    new TableCell({
      width: { size: width, type: WidthType.DXA },
      verticalAlign: VerticalAlign.CENTER,
      ...(shade ? { shading: { fill: 'EEF2F6' } } : {}),
      children,
    });
  return new Table({
    width: { size: width * cols, type: WidthType.DXA },
    columnWidths: Array(cols).fill(width),
    indent: { size: indent, type: WidthType.DXA },
    rows: [
      new TableRow({
        tableHeader: true,
        children: [...item.leaves.map((l) => l.title), PDF_TEXT.total].map((title) => cell([para([run(title, { bold: true })], { align: 'center' })], true)),
      }),
      new TableRow({ height: { value: 480, rule: HeightRule.ATLEAST }, children: Array.from({ length: cols }, () => cell([para('')])) }),
    ],
  });
}

function itemBlocks(item: FormItem): Block[] {
  const labelIndent = item.depth * INDENT;
  const indent = labelIndent + INDENT;
  const label = para([run(item.title, { bold: true })], { indent: labelIndent, before: item.depth ? 80 : 160, keepNext: true });
  const out: Block[] = [label];
  switch (item.kind) {
    case 'text':
    case 'textarea':
      for (let i = 0; i < item.rows; i++) out.push(dottedLine(indent));
      break;
    case 'number':
      out.push(dottedLine(indent, 0.5));
      break;
    case 'choice':
      out.push(...choiceBlocks(item, indent));
      break;
    case 'coordinates': {
      const dots = '.'.repeat(24);
      out.push(dottedLine(indent, 0.45));
      out.push(para([run(`${PDF_TEXT.utm(PROPOSAL_UTM_ZONE, 'N')}   ${PDF_TEXT.easting} ${dots}   ${PDF_TEXT.northing} ${dots}`, { size: 9 })], { indent, before: 40 }));
      break;
    }
    case 'image':
      out.push(...mapBlocks(indent));
      break;
    case 'amounts':
      out.push(amountsTable(item, indent));
      break;
    case 'checks':
      for (const leaf of item.leaves) {
        if (leaf.type === 'boolean') {
          out.push(para(`${BOX} ${leaf.title}`, { indent, before: 40 }));
          if (leaf.detail) out.push(dottedLine(indent + INDENT));
        } else out.push(dottedLine(indent, 1, `${leaf.title}: `));
      }
      break;
    case 'group':
      for (const leaf of item.leaves) out.push(dottedLine(indent, 0.8, `${leaf.title}: `));
      break;
  }
  return out;
}

export async function buildFormDocx(form: FormDoc, fonts: SarabunFonts): Promise<Uint8Array> {
  const model = formModel(form);
  const children: Block[] = [para([run(model.title, { bold: true, size: 15 })], { align: 'center', after: 120 })];
  if (model.fiscalYear !== undefined && !model.title.includes(String(model.fiscalYear))) {
    children.push(para([run(PDF_TEXT.fiscalYear(model.fiscalYear), { bold: true, size: 13 })], { align: 'center', after: 120 }));
  }
  for (const step of model.steps) {
    children.push(stepHeading(step.title));
    for (const item of step.items) children.push(...itemBlocks(item));
  }
  return packDocx(sarabunDocument(fonts, model.title, children));
}

