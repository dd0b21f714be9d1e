// Messages between the proposal wizard and the PDF worker (worker.ts): a request carries an id its
// reply repeats. `prepare` loads the fonts and sets pdfmake up; `build` answers the PDF's bytes.
import type { FormDoc } from '../../engine/types.ts';
import type { ProposalImages } from './layout.ts';

export type PdfWorkerRequest =
  | { id: number; kind: 'prepare' }
  | { id: number; kind: 'build'; form: FormDoc; data: Record<string, unknown>; images: ProposalImages };

export type PdfWorkerReply = { id: number; ok: true; bytes?: Uint8Array } | { id: number; ok: false; message: string };
