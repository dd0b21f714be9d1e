/**
 * The /project download files, generated from the form definition so they never drift from it
 * (issue 6 §4): the blank form and the filling instructions, each as .pdf and .docx.
 *
 *   proposal-form.pdf           buildProposalPdf(form, {}): the same 3 pages as a filled proposal
 *   proposal-form.docx          the blank form (docx package)
 *   proposal-instructions.pdf   every item: label, required or not, type, how to fill it
 *   proposal-instructions.docx  the same as .docx
 *
 * Node only (build time): fonts from node_modules, files written with node:fs.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FormDoc } from '../../engine/types.ts';
import { buildProposalPdf } from '../pdf/buildProposalPdf.ts';
import type { SarabunFonts } from '../../pdf/fonts.ts';
import { loadSarabunFonts } from '../../pdf/fonts.node.ts';
import { buildFormDocx } from './formDocx.ts';
import { buildInstructionsDocx } from './instructionsDocx.ts';
import { buildInstructionsPdf } from './instructionsPdf.ts';

export const FORM_FILES = {
  formPdf: 'proposal-form.pdf',
  formDocx: 'proposal-form.docx',
  instructionsPdf: 'proposal-instructions.pdf',
  instructionsDocx: 'proposal-instructions.docx',
} as const;

interface FormFile {
  name: string;
  bytes: Uint8Array;
}

/** The four files in memory. */
async function buildFormFiles(form: FormDoc, fonts?: SarabunFonts): Promise<FormFile[]> {
  const f = fonts ?? (await loadSarabunFonts());
  const [formPdf, formDocx, instructionsPdf, instructionsDocx] = await Promise.all([
    buildProposalPdf(form, {}, {}, { fonts: f }),
    buildFormDocx(form, f),
    buildInstructionsPdf(form, f),
    buildInstructionsDocx(form, f),
  ]);
  return [
    { name: FORM_FILES.formPdf, bytes: formPdf },
    { name: FORM_FILES.formDocx, bytes: formDocx },
    { name: FORM_FILES.instructionsPdf, bytes: instructionsPdf },
    { name: FORM_FILES.instructionsDocx, bytes: instructionsDocx },
  ];
}

/** Writes the four files into `outDir` (created if missing); returns their paths. */
export async function writeFormFiles(form: FormDoc, outDir: string): Promise<string[]> {
  const files = await buildFormFiles(form);
  await mkdir(outDir, { recursive: true });
  return Promise.all(
    files.map(async (f) => {
      const file = path.join(outDir, f.name);
      await writeFile(file, f.bytes);
      return file;
    }),
  );
}
