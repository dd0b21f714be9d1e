// The proposal PDF, built off the main thread. pdfmake lays the three pages out in several passes
// to fit them (about half a second); here the form stays responsive meanwhile, so the wizard can
// build the PDF ahead of 'สร้างรายงาน' (src/proposal/ui/pdfAhead.ts) while the visitor reads.
import { buildProposalPdf, prepareProposalPdf } from './index.ts';
import type { PdfWorkerReply, PdfWorkerRequest } from './workerProtocol.ts';

// the dedicated worker's scope, in the DOM typings this project compiles with
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<PdfWorkerRequest>) => void) | null;
  postMessage(message: PdfWorkerReply, transfer?: Transferable[]): void;
};

scope.onmessage = async ({ data: request }) => {
  try {
    if (request.kind === 'prepare') {
      await prepareProposalPdf();
      scope.postMessage({ id: request.id, ok: true });
      return;
    }
    const bytes = await buildProposalPdf(request.form, request.data, request.images);
    scope.postMessage({ id: request.id, ok: true, bytes }, [bytes.buffer]);
  } catch (error) {
    scope.postMessage({ id: request.id, ok: false, message: error instanceof Error ? error.message : String(error) });
  }
};
