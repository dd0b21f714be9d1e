// The report PDF, laid out off the main thread (issue 29 aim 6): the export dialog stays responsive
// while pdfmake works, and the dialog's opening prepares the worker while the preview draws. The
// first layout in a fresh page compiles pdfmake's, pdfkit's and fontkit's code (the first PDF took
// ~0.3 s longer than the second), so `prepare` lays a small report out once.
import { th } from '../../locale/th.ts';
import { servePdfRequests } from '../../pdf/workerHost.ts';
import { thaiDate } from '../../engine/thaiDate.ts';
import { dataUrl } from '../../pdf/dataUrl.ts';
import { opaquePng } from '../opaquePng.ts';
import { buildReportPdf, prepareReportPdf, type ReportPdfInput } from './index.ts';
import type { ReportPdfRequest, ReportPdfWork } from './workerProtocol.ts';

function withHeader({ sample, ...work }: ReportPdfWork): ReportPdfInput {
  const { product, legendTitle, legendContinued, noLegendItems: noLegend, page } = th.report;
  return { ...work, header: { product, legendTitle, legendContinued, noLegend, page, ...(sample ? { sample: th.sampleData } : {}) } };
}

/** The small report `prepare` lays out. What it says does not matter, only what it asks of the
 *  layout: Thai with marks in both weights, legend rows, a table, two pictures. Its texts are the
 *  locale's. */
async function warmUpWork(): Promise<ReportPdfWork> {
  const r = th.report;
  const picture = dataUrl(await opaquePng(new Uint8Array(8 * 4 * 4).fill(200), 8, 4), 'image/png');
  const rows = [r.product, r.legendTitle, r.noLegendItems].map((name) => ({ names: [r.defaultTitle, name], values: ['276', '0', '6.518', '0.442'] }));
  const chart = {
    levels: [r.titleLabel, r.mapLabel],
    totalText: r.building,
    vegaLite: {},
    table: { nameColumns: [r.titleLabel, r.mapLabel], valueColumns: ['1', '2', '3', '4'], rows, total: { label: r.preview, values: ['828', '0', '19.554', '1.326'] } },
  };
  const items = [{ label: r.clickToEdit, color: '#FF0000' }, { label: r.pdfFailed, color: '#D95F02' }];
  return {
    title: r.defaultTitle,
    date: thaiDate(new Date()),
    sample: true,
    pages: [
      { kind: 'title', legend: [{ layerId: 'a', layerName: r.legendContinued, type: 'fill', items }, { layerId: 'b', layerName: r.mapLabel, type: 'line', items }] },
      { kind: 'charts', heading: r.legendTitle, charts: [{ id: 'c', title: r.preview, chart }] },
    ],
    images: { map: picture, charts: { c: picture }, legends: {} },
    chartSizes: { c: { width: 400, height: 200 } },
  };
}

servePdfRequests<ReportPdfRequest>(async (request) => {
  if (request.kind === 'prepare') {
    await prepareReportPdf();
    await buildReportPdf(withHeader(await warmUpWork()));
    return undefined;
  }
  return buildReportPdf(withHeader(request.work));
});
