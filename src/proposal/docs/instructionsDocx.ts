/** The filling instructions as .docx (docx package), from the same data as the instructions PDF. */
import type { Paragraph } from 'docx';
import type { FormDoc } from '../../engine/types.ts';
import type { SarabunFonts } from '../../pdf/fonts.ts';
import { buildInstructions, type InstructionItem } from './instructions.ts';
import { INDENT, packDocx, para, run, sarabunDocument, stepHeading } from './docxCommon.ts';
import { DOC_TEXT } from './text.ts';

function bullet(text: string, indent: number): Paragraph {
  return para([run(`•\t${text}`)], { indent: indent + 2 * INDENT, hanging: INDENT, before: 20 });
}

function itemParagraphs(item: InstructionItem): Paragraph[] {
  const indent = item.depth * INDENT;
  const out: Paragraph[] = [
    para(
      [
        run(item.title, { bold: true }),
        ...(item.required ? [run(` ${DOC_TEXT.requiredMark}`, { bold: true, color: 'B00020' })] : []),
        run(`   ${item.required ? DOC_TEXT.required : DOC_TEXT.optional}`, { size: 9, color: item.required ? 'B00020' : '555555' }),
      ],
      { indent, before: 160, keepNext: true },
    ),
    para(`${DOC_TEXT.typeLabel}: ${item.type}`, { indent: indent + INDENT, before: 20 }),
  ];
  if (item.how.length) {
    out.push(para(`${DOC_TEXT.howLabel}:`, { indent: indent + INDENT, before: 20 }));
    for (const h of item.how) out.push(bullet(h, indent + INDENT));
  }
  if (item.options.length && item.optionsLabel) {
    out.push(para(`${item.optionsLabel}:`, { indent: indent + INDENT, before: 20 }));
    for (const o of item.options) out.push(bullet(o, indent + INDENT));
  }
  return out;
}

export async function buildInstructionsDocx(form: FormDoc, fonts: SarabunFonts): Promise<Uint8Array> {
  const ins = buildInstructions(form);
  const children: Paragraph[] = [
    para([run(ins.title, { bold: true, size: 16 })], { align: 'center', after: 60 }),
    para([run(ins.formTitle, { bold: true, size: 12 })], { align: 'center', after: 160 }),
    ...ins.intro.map((p) => para(p, { after: 60 })),
  ];
  for (const step of ins.steps) {
    children.push(stepHeading(step.heading));
    for (const item of step.items) children.push(...itemParagraphs(item));
  }
  return packDocx(sarabunDocument(fonts, ins.title, children));
}

