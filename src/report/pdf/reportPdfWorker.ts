// The export dialog's side of the report PDF worker (src/report/pdf/worker.ts).
import { pdfWorkerClient } from '../../pdf/workerClient.ts';
import type { ReportPdfRequest, ReportPdfWork } from './workerProtocol.ts';

const ask = pdfWorkerClient<ReportPdfRequest>(() => new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name: 'report-pdf' }));

/** Loads the fonts, sets pdfmake up and lays a small report out in the worker, ahead of the first PDF. */
export async function prepareReportPdfWorker(): Promise<void> {
  await ask({ kind: 'prepare' });
}

/** The report PDF's bytes, laid out in the worker. */
export async function buildReportPdfInWorker(work: ReportPdfWork): Promise<Uint8Array> {
  console.info('report: laying the PDF out in the worker');
  const bytes = await ask({ kind: 'build', work });
  if (!bytes) throw new Error('the PDF worker answered no PDF');
  return bytes;
}
