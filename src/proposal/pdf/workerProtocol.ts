// Messages from the proposal wizard to the PDF worker (worker.ts; replies: src/pdf/workerHost.ts).
// `prepare` loads the fonts and sets pdfmake up; `build` answers the PDF's bytes.
import type { FormDoc } from '../../engine/types.ts';
import type { ProposalImages } from './layout.ts';

export type PdfWorkerRequest =
  | { id: number; kind: 'prepare' }
  | { id: number; kind: 'build'; form: FormDoc; data: Record<string, unknown>; images: ProposalImages };
