// Messages from the export dialog to the report PDF worker (worker.ts; replies:
// src/pdf/workerHost.ts). `prepare` loads the fonts, sets pdfmake up and lays a small report out
// once; `build` answers the PDF's bytes. The header's texts are the locale's, put in by the worker:
// its page number is a function, which a message cannot carry.
import type { ReportPdfInput } from './pdfmakeDocument.ts';

/** A report to lay out: everything but the header, and whether the data are sample data. */
export type ReportPdfWork = Omit<ReportPdfInput, 'header'> & { sample: boolean };

export type ReportPdfRequest = { id: number; kind: 'prepare' } | { id: number; kind: 'build'; work: ReportPdfWork };
