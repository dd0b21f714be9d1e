// The wizard's side of the proposal PDF worker (src/proposal/pdf/worker.ts).
import type { FormDoc } from '../../engine/types.ts';
import { pdfWorkerClient } from '../../pdf/workerClient.ts';
import type { ProposalImages } from '../pdf/layout.ts';
import type { PdfWorkerRequest } from '../pdf/workerProtocol.ts';

const ask = pdfWorkerClient<PdfWorkerRequest>(() => new Worker(new URL('../pdf/worker.ts', import.meta.url), { type: 'module', name: 'proposal-pdf' }));

/** Loads the PDF fonts and sets pdfmake up in the worker, ahead of the first build. */
export async function preparePdfWorker(): Promise<void> {
  await ask({ kind: 'prepare' });
}

/** The proposal PDF's bytes, laid out in the worker. */
export async function buildPdfInWorker(form: FormDoc, data: Record<string, unknown>, images: ProposalImages): Promise<Uint8Array> {
  const bytes = await ask({ kind: 'build', form, data, images });
  if (!bytes) throw new Error('the PDF worker answered no PDF');
  return bytes;
}
