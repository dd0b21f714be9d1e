/** The filling instructions as an A4 PDF (pdfmake + Sarabun, the same Thai setup as the form). */
import type { FormDoc } from '../../engine/types.ts';
import { FONT, type SarabunFonts } from '../../pdf/fonts.ts';
import { renderPdf } from '../../pdf/render.ts';
import { phraseRuns, thaiRuns } from '../../pdf/thaiText.ts';
import { buildInstructions, type InstructionItem, type Instructions } from './instructions.ts';
import { DOC_TEXT } from './text.ts';

type Node = Record<string, unknown>;

const t = (text: string, extra: Node = {}): Node => ({ text: thaiRuns(text), ...extra });

function itemBlock(item: InstructionItem): Node {
  const indent = item.depth * 14;
  const stack: Node[] = [
    {
      text: [
        { text: thaiRuns(item.title), bold: true },
        ...(item.required ? [{ text: ` ${DOC_TEXT.requiredMark}`, bold: true, color: '#b00020' }] : []),
        { text: '   ' },
        { text: thaiRuns(item.required ? DOC_TEXT.required : DOC_TEXT.optional), fontSize: 9, color: item.required ? '#b00020' : '#555555' },
      ],
    },
    t(`${DOC_TEXT.typeLabel}: ${item.type}`, { margin: [12, 1, 0, 0] }),
  ];
  if (item.how.length > 0) {
    stack.push(t(`${DOC_TEXT.howLabel}:`, { margin: [12, 1, 0, 0] }));
    stack.push({ ul: item.how.map((h) => t(h)), margin: [24, 0, 0, 0] });
  }
  if (item.options.length > 0 && item.optionsLabel) {
    stack.push(t(`${item.optionsLabel}:`, { margin: [12, 1, 0, 0] }));
    stack.push({ ul: item.options.map((o) => t(o)), margin: [24, 0, 0, 0] });
  }
  return { stack, unbreakable: true, margin: [indent, 6, 0, 0] };
}

function instructionsDefinition(ins: Instructions): Node {
  const content: Node[] = [
    { text: phraseRuns(ins.title), bold: true, fontSize: 16, alignment: 'center' },
    { text: phraseRuns(ins.formTitle), bold: true, fontSize: 12, alignment: 'center', margin: [20, 2, 20, 8] },
    ...ins.intro.map((p) => t(p, { margin: [0, 0, 0, 3] })),
  ];
  for (const step of ins.steps) {
    content.push({
      table: { widths: ['*'], body: [[t(step.heading, { bold: true, fontSize: 12, color: '#1f3b57' })]] },
      layout: { hLineWidth: () => 0, vLineWidth: () => 0, fillColor: () => '#e3ebf3', paddingTop: () => 3, paddingBottom: () => 3 },
      margin: [0, 10, 0, 0],
    });
    for (const item of step.items) content.push(itemBlock(item));
  }
  return {
    pageSize: 'A4',
    pageMargins: [48, 44, 48, 50],
    language: 'th-TH',
    info: { title: ins.title, subject: ins.formTitle, creator: 'thai-coastal-map' },
    defaultStyle: { font: FONT, fontSize: 10.5, lineHeight: 1 },
    content,
    footer: (current: number, total: number) => ({ text: `${current}/${total}`, alignment: 'right', fontSize: 8, color: '#555555', margin: [48, 18, 48, 0] }),
  };
}

export function buildInstructionsPdf(form: FormDoc, fonts?: SarabunFonts): Promise<Uint8Array> {
  return renderPdf(instructionsDefinition(buildInstructions(form)), fonts);
}
