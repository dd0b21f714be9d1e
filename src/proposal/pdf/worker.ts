// The proposal PDF, built off the main thread. pdfmake lays the three pages out in several passes
// to fit them (about half a second); here the form stays responsive meanwhile, so the wizard can
// build the PDF ahead of 'สร้างรายงาน' (src/proposal/ui/pdfAhead.ts) while the visitor reads.
import { servePdfRequests } from '../../pdf/workerHost.ts';
import { buildProposalPdf, prepareProposalPdf } from './index.ts';
import type { PdfWorkerRequest } from './workerProtocol.ts';

servePdfRequests<PdfWorkerRequest>(async (request) => {
  if (request.kind === 'prepare') {
    await prepareProposalPdf();
    return undefined;
  }
  return buildProposalPdf(request.form, request.data, request.images);
});
