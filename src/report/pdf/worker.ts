// The report PDF, laid out off the main thread (issue 29 aim 6): the export dialog stays responsive
// while pdfmake works, and the dialog's opening prepares the worker while the preview draws. The
// first layout in a fresh page compiles pdfmake's, pdfkit's and fontkit's code (the first PDF took
// ~0.3 s longer than the second), so `prepare` lays a small report out once: a title page with a
// legend, a chart page with its picture and table, in Thai.
import { th } from '../../locale/th.ts';
import { servePdfRequests } from '../../pdf/workerHost.ts';
import { dataUrl, opaquePng } from '../opaquePng.ts';
import { buildReportPdf, prepareReportPdf, type ReportPdfInput } from './index.ts';
import type { ReportPdfRequest, ReportPdfWork } from './workerProtocol.ts';

function withHeader({ sample, ...work }: ReportPdfWork): ReportPdfInput {
  const { product, legendTitle, legendContinued, noLegendItems: noLegend, page } = th.report;
  return { ...work, header: { product, legendTitle, legendContinued, noLegend, page, ...(sample ? { sample: th.sampleData } : {}) } };
}

async function warmUpWork(): Promise<ReportPdfWork> {
  const picture = dataUrl(await opaquePng(new Uint8Array(8 * 4 * 4).fill(200), 8, 4), 'image/png');
  const rows = ['สิงหนคร', 'เมืองสงขลา', 'ระโนด'].map((d) => ({ names: ['สงขลา', d], values: ['276', '0', '6.518', '0.442'] }));
  const chart = {
    levels: ['จังหวัด', 'อำเภอ'],
    totalText: 'รวม 828 ไร่',
    vegaLite: {},
    table: { nameColumns: ['จังหวัด', 'อำเภอ'], valueColumns: ['ไร่', 'งาน', 'ตร.วา', 'ตร.กม.'], rows, total: { label: 'รวม', values: ['828', '0', '19.554', '1.326'] } },
  };
  const items = [{ label: 'การกัดเซาะ (Erosion)', color: '#FF0000' }, { label: 'พ.ศ. 2567', color: '#D95F02' }];
  return {
    title: th.report.defaultTitle,
    date: '1 มกราคม 2569',
    sample: true,
    pages: [
      { kind: 'title', legend: [{ layerId: 'a', layerName: 'พื้นที่กัดเซาะ 2562-2567', type: 'fill', items }, { layerId: 'b', layerName: 'แนวชายฝั่ง', type: 'line', items }] },
      { kind: 'charts', heading: 'วิเคราะห์การเปลี่ยนแปลงชายฝั่ง', charts: [{ id: 'c', title: 'พื้นที่กัดเซาะ', chart }] },
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
