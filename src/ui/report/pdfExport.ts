// 'ดาวน์โหลด PDF': the report's pages as a vector PDF (src/report/pdf, laid out in its worker), with
// the pictures the preview holds: the small map's canvas (drawn at print resolution, with its
// scale), each chart, drawn by its vega view at twice the size, and each legend picture (a layer's
// GetLegendGraphic, an item's icon) as opaque PNG (src/report/opaquePng.ts).
// (Drawing the chart's SVG as an image needed the Thai fonts inlined into every picture — an SVG
// image sees none of the page's fonts — and the first such drawing took ~0.9 s.)
import type { ReportPage } from '../../report/model.ts';
import type { ReportMapScale } from '../../report/mapScale.ts';
import { canvasPngUrl, readableCanvas } from '../../report/opaquePng.ts';
import type { LegendPicture } from '../../report/pdf/pdfmakeDocument.ts';
import { chartViewOf } from '../charts/chartViews.ts';
import { LEGEND_PICTURE_SCALE } from './reportInputs.ts';
import { buildReportPdfInWorker } from '../../report/pdf/reportPdfWorker.ts';

/** A drawn chart as a PNG data URL at `scale`, from its vega view (canvas, in the page's fonts). */
async function chartPng(element: HTMLElement, scale = 2): Promise<{ url: string; width: number; height: number } | null> {
  const canvasHost = element.querySelector('.vega-chart-canvas');
  const view = canvasHost && chartViewOf(canvasHost);
  const svg = element.querySelector<SVGSVGElement>('.vega-chart svg');
  if (!view || !svg) return null;
  // the drawing's own size: on a phone the preview is scaled down and its on-screen box smaller
  const width = Math.max(1, Math.round(svg.width.baseVal.value));
  const height = Math.max(1, Math.round(svg.height.baseVal.value));
  // vega draws into our canvas (its own would be on the GPU): the view's full size, as its SVG
  const drawing = readableCanvas(width * scale, height * scale);
  await view.toCanvas(scale, { externalContext: drawing.context });
  return { url: await canvasPngUrl(drawing), width, height };
}

/** `img` drawn on a canvas with all its pixels, as a PNG data URL with its size in CSS pixels. Its
 *  srcset names `scale` (a 3x legend picture): its natural size is then the CSS size, a third
 *  of its pixels (the canvas draws from the whole picture). */
async function pngOf(img: HTMLImageElement, scale: number): Promise<LegendPicture> {
  const width = img.naturalWidth || 16;
  const height = img.naturalHeight || 16;
  const drawing = readableCanvas(Math.round(width * scale), Math.round(height * scale));
  drawing.context.drawImage(img, 0, 0, drawing.canvas.width, drawing.canvas.height);
  return { url: await canvasPngUrl(drawing), width, height };
}

/** The picture at `url` as a PNG, from the preview's own <img> when it has been drawn there (no
 *  second request), else loaded within `timeoutMs`; null when it cannot be had (then the PDF says
 *  'ไม่มีสัญลักษณ์' there, as the preview does for a block with nothing to show). */
async function legendPng(url: string, scale: number, root: HTMLElement, timeoutMs: number): Promise<LegendPicture | null> {
  try {
    const absolute = new URL(url, document.baseURI).href;
    const shown = [...root.querySelectorAll('img')].find((img) => img.currentSrc === absolute && img.complete && img.naturalWidth > 0);
    if (shown) return await pngOf(shown, scale);
    const img = new Image();
    img.crossOrigin = 'anonymous';
    // as the preview's <img>: a picture with `scale` pixels per CSS pixel (pngOf)
    img.srcset = `${url} ${scale}x`;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no picture from ${url}`)), timeoutMs)));
    await Promise.race([img.decode(), late]).finally(() => clearTimeout(timer));
    return await pngOf(img, scale);
  } catch {
    return null;
  }
}

/** Every legend picture the pages name, by its URL. */
async function legendPictures(pages: readonly ReportPage[], root: HTMLElement, timeoutMs: number): Promise<Record<string, LegendPicture>> {
  const blocks = pages.flatMap((p) => (p.kind === 'charts' ? [] : p.legend));
  // a block's picture is the server's legend at LEGEND_PICTURE_SCALE; an item's icon is 1x
  const scales = new Map<string, number>();
  for (const b of blocks) {
    for (const item of b.items) if (item.image) scales.set(item.image, 1);
    if (b.image) scales.set(b.image, LEGEND_PICTURE_SCALE);
  }
  const loaded = await Promise.all([...scales].map(async ([url, scale]) => [url, await legendPng(url, scale, root, timeoutMs)] as const));
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
  /** The map's size on the page and its scale (its scale bar and north arrow). */
  mapScale?: ReportMapScale;
  /** How long a legend picture may take (config app.backend.timeoutMs). */
  pictureTimeoutMs: number;
}

/** Builds the PDF bytes from the preview under `root`: its pictures here, the layout in the worker. */
export async function reportPdfBytes(req: PdfRequest): Promise<Uint8Array> {
  // the legend pictures load while the charts are drawn
  const legendsReady = legendPictures(req.pages, req.root, req.pictureTimeoutMs);
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
  return buildReportPdfInWorker({
    title: req.title,
    date: req.date,
    ...(req.mapNote ? { mapNote: req.mapNote } : {}),
    sample: req.sample,
    pages: req.pages,
    images: { ...(req.mapImage ? { map: req.mapImage } : {}), charts, legends },
    chartSizes,
    ...(req.mapScale ? { mapScale: req.mapScale } : {}),
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
