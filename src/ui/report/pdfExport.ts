// 'ดาวน์โหลด PDF': the report's pages as a vector PDF (src/report/pdf), with the pictures the
// preview holds: the small map's canvas and each chart, drawn by its vega view at twice the size.
// (Drawing the chart's SVG as an image needed the Thai fonts inlined into every picture — an SVG
// image sees none of the page's fonts — and the first such drawing took ~0.9 s.)
import { th } from '../../locale/th.ts';
import type { ReportPage } from '../../report/model.ts';
import { chartViewOf } from '../charts/chartViews.ts';

/** A drawn chart as a PNG data URL at `scale`, from its vega view (canvas, in the page's fonts). */
async function chartPng(element: HTMLElement, scale = 2): Promise<{ url: string; width: number; height: number } | null> {
  const canvasHost = element.querySelector('.vega-chart-canvas');
  const view = canvasHost && chartViewOf(canvasHost);
  const svg = element.querySelector('.vega-chart svg');
  if (!view || !svg) return null;
  const box = svg.getBoundingClientRect();
  return { url: await view.toImageURL('png', scale), width: Math.max(1, Math.round(box.width)), height: Math.max(1, Math.round(box.height)) };
}

export interface PdfRequest {
  root: HTMLElement;
  pages: readonly ReportPage[];
  title: string;
  date: string;
  sample: boolean;
  mapImage: string | null;
  mapSize?: { width: number; height: number };
}

/** Builds the PDF bytes from the preview under `root`. */
export async function reportPdfBytes(req: PdfRequest): Promise<Uint8Array> {
  const charts: Record<string, string> = {};
  const chartSizes: Record<string, { width: number; height: number }> = {};
  for (const el of req.root.querySelectorAll<HTMLElement>('.report-chart[data-chart]')) {
    const id = el.dataset.chart;
    const png = id ? await chartPng(el) : null;
    if (!id || !png) continue;
    charts[id] = png.url;
    chartSizes[id] = { width: png.width, height: png.height };
  }
  const { buildReportPdf } = await import('../../report/pdf/index.ts');
  return buildReportPdf({
    title: req.title,
    date: req.date,
    header: { product: th.report.product, legendTitle: th.report.legendTitle, page: th.report.page, ...(req.sample ? { sample: th.sampleData } : {}) },
    pages: req.pages,
    images: { ...(req.mapImage ? { map: req.mapImage } : {}), charts },
    chartSizes,
    ...(req.mapSize ? { mapSize: req.mapSize } : {}),
  });
}

export function saveBytes(bytes: Uint8Array, fileName: string): void {
  const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type: 'application/pdf' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
