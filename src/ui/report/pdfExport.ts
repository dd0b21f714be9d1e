// 'ดาวน์โหลด PDF': the report's pages as a vector PDF (src/report/pdf), with the pictures the
// preview holds: the small map's canvas, each chart, drawn by its vega view at twice the size, and
// each legend picture (a layer's GetLegendGraphic, an item's icon) as PNG.
// (Drawing the chart's SVG as an image needed the Thai fonts inlined into every picture — an SVG
// image sees none of the page's fonts — and the first such drawing took ~0.9 s.)
import { th } from '../../locale/th.ts';
import type { ReportPage } from '../../report/model.ts';
import type { LegendPicture } from '../../report/pdf/pdfmakeDocument.ts';
import { chartViewOf } from '../charts/chartViews.ts';

/** A drawn chart as a PNG data URL at `scale`, from its vega view (canvas, in the page's fonts). */
async function chartPng(element: HTMLElement, scale = 2): Promise<{ url: string; width: number; height: number } | null> {
  const canvasHost = element.querySelector('.vega-chart-canvas');
  const view = canvasHost && chartViewOf(canvasHost);
  const svg = element.querySelector<SVGSVGElement>('.vega-chart svg');
  if (!view || !svg) return null;
  // the drawing's own size: on a phone the preview is scaled down and its on-screen box smaller
  const { width, height } = { width: svg.width.baseVal.value, height: svg.height.baseVal.value };
  return { url: await view.toImageURL('png', scale), width: Math.max(1, Math.round(width)), height: Math.max(1, Math.round(height)) };
}

/** `img` drawn on a canvas, as a PNG data URL with its size. */
function pngOf(img: HTMLImageElement): LegendPicture {
  const canvas = document.createElement('canvas');
  canvas.width = img.naturalWidth || 16;
  canvas.height = img.naturalHeight || 16;
  canvas.getContext('2d')?.drawImage(img, 0, 0, canvas.width, canvas.height);
  return { url: canvas.toDataURL('image/png'), width: canvas.width, height: canvas.height };
}

/** The picture at `url` as a PNG, from the preview's own <img> when it has been drawn there (no
 *  second request), else loaded within `timeoutMs`; null when it cannot be had (then the PDF says
 *  'ไม่มีสัญลักษณ์' there, as the preview does for a block with nothing to show). */
async function legendPng(url: string, root: HTMLElement, timeoutMs: number): Promise<LegendPicture | null> {
  try {
    const shown = [...root.querySelectorAll('img')].find((img) => img.getAttribute('src') === url && img.complete && img.naturalWidth > 0);
    if (shown) return pngOf(shown);
    const img = new Image();
    img.crossOrigin = 'anonymous';
    img.src = url;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no picture from ${url}`)), timeoutMs)));
    await Promise.race([img.decode(), late]).finally(() => clearTimeout(timer));
    return pngOf(img);
  } catch {
    return null;
  }
}

/** Every legend picture the pages name, by its URL. */
async function legendPictures(pages: readonly ReportPage[], root: HTMLElement, timeoutMs: number): Promise<Record<string, LegendPicture>> {
  const blocks = pages.flatMap((p) => (p.kind === 'charts' ? [] : p.legend));
  const urls = new Set(blocks.flatMap((b) => [b.image, ...b.items.map((i) => i.image)]).filter((u): u is string => !!u));
  const loaded = await Promise.all([...urls].map(async (url) => [url, await legendPng(url, root, timeoutMs)] as const));
  return Object.fromEntries(loaded.filter((e): e is readonly [string, LegendPicture] => e[1] !== null));
}

interface PdfRequest {
  root: HTMLElement;
  pages: readonly ReportPage[];
  title: string;
  date: string;
  mapNote?: string;
  sample: boolean;
  mapImage: string | null;
  mapSize?: { width: number; height: number };
  /** How long a legend picture may take (config app.backend.timeoutMs). */
  pictureTimeoutMs: number;
}

/** Builds the PDF bytes from the preview under `root`. */
export async function reportPdfBytes(req: PdfRequest): Promise<Uint8Array> {
  // the legend pictures and the PDF module load while the charts are drawn
  const legendsReady = legendPictures(req.pages, req.root, req.pictureTimeoutMs);
  const pdfModule = import('../../report/pdf/index.ts');
  const charts: Record<string, string> = {};
  const chartSizes: Record<string, { width: number; height: number }> = {};
  for (const el of req.root.querySelectorAll<HTMLElement>('.report-chart[data-chart]')) {
    const id = el.dataset.chart;
    const png = id ? await chartPng(el) : null;
    if (!id || !png) continue;
    charts[id] = png.url;
    chartSizes[id] = { width: png.width, height: png.height };
  }
  const legends = await legendsReady;
  const { buildReportPdf } = await pdfModule;
  return buildReportPdf({
    title: req.title,
    date: req.date,
    ...(req.mapNote ? { mapNote: req.mapNote } : {}),
    header: { product: th.report.product, legendTitle: th.report.legendTitle, legendContinued: th.report.legendContinued, noLegend: th.report.noLegendItems, page: th.report.page, ...(req.sample ? { sample: th.sampleData } : {}) },
    pages: req.pages,
    images: { ...(req.mapImage ? { map: req.mapImage } : {}), charts, legends },
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
