// 'ดาวน์โหลด PDF': the report's pages as a vector PDF (src/report/pdf), with the pictures the
// preview holds: the small map's canvas and each chart's bars (its SVG drawn at twice the size).
import { th } from '../../locale/th.ts';
import type { ReportPage } from '../../report/model.ts';

const SVG_NS = 'http://www.w3.org/2000/svg';
/** Font files as data URLs, by URL: fetched once per page. */
const fontData = new Map<string, Promise<string>>();

function dataUrl(url: string): Promise<string> {
  let data = fontData.get(url);
  if (!data) {
    data = fetch(url)
      .then((r) => r.blob())
      .then((blob) => new Promise<string>((resolve, reject) => {
        const reader = new FileReader();
        reader.onload = () => resolve(String(reader.result));
        reader.onerror = () => reject(reader.error);
        reader.readAsDataURL(blob);
      }));
    fontData.set(url, data);
  }
  return data;
}

/**
 * The page's @font-face rules for the families `svg` names, with their files inlined. An SVG drawn
 * as an image sees none of the page's fonts: its Thai labels fell back to a wider system font than
 * the Sarabun vega measured them in, and the longest ran off the chart's left edge.
 */
async function inlineFontFaces(svg: SVGSVGElement): Promise<string> {
  const markup = svg.outerHTML;
  const rules: Promise<string>[] = [];
  for (const sheet of document.styleSheets) {
    let list: CSSRuleList;
    try {
      list = sheet.cssRules;
    } catch {
      continue; // another origin's sheet
    }
    for (const rule of list) {
      if (!(rule instanceof CSSFontFaceRule)) continue;
      const family = rule.style.getPropertyValue('font-family').replace(/["']/g, '').trim();
      const src = /url\(["']?([^"')]+)["']?\)/.exec(rule.style.getPropertyValue('src'))?.[1];
      if (!family || !src || !markup.includes(family)) continue;
      const url = new URL(src, sheet.href ?? document.baseURI).href;
      const descriptors = ['font-weight', 'font-style', 'unicode-range']
        .map((d) => [d, rule.style.getPropertyValue(d)] as const)
        .filter(([, v]) => v)
        .map(([d, v]) => `${d}:${v};`)
        .join('');
      rules.push(dataUrl(url).then((data) => `@font-face{font-family:"${family}";${descriptors}src:url(${data});}`));
    }
  }
  return (await Promise.all(rules)).join('\n');
}

/** The chart's SVG as a PNG data URL at `scale`, its text in the page's fonts (inlined). */
export async function svgToPng(svg: SVGSVGElement, scale = 2): Promise<{ url: string; width: number; height: number }> {
  const box = svg.getBoundingClientRect();
  const width = Math.max(1, Math.round(box.width));
  const height = Math.max(1, Math.round(box.height));
  const clone = svg.cloneNode(true) as SVGSVGElement;
  clone.setAttribute('width', String(width));
  clone.setAttribute('height', String(height));
  const fonts = await inlineFontFaces(svg);
  if (fonts) {
    const style = document.createElementNS(SVG_NS, 'style');
    style.textContent = fonts;
    clone.insertBefore(style, clone.firstChild);
  }
  const blob = new Blob([new XMLSerializer().serializeToString(clone)], { type: 'image/svg+xml;charset=utf-8' });
  const src = URL.createObjectURL(blob);
  try {
    const img = new Image();
    img.src = src;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = width * scale;
    canvas.height = height * scale;
    const g = canvas.getContext('2d');
    if (!g) throw new Error('no 2d canvas');
    g.fillStyle = '#ffffff';
    g.fillRect(0, 0, canvas.width, canvas.height);
    g.drawImage(img, 0, 0, canvas.width, canvas.height);
    return { url: canvas.toDataURL('image/png'), width, height };
  } finally {
    URL.revokeObjectURL(src);
  }
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
    const svg = el.querySelector<SVGSVGElement>('.vega-chart svg');
    const id = el.dataset.chart;
    if (!svg || !id) continue;
    const png = await svgToPng(svg);
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
