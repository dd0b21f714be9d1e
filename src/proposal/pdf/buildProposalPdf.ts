/**
 * buildProposalPdf: the proposal as a 3-page A4 Thai PDF (SPEC.md §2/§9, DESIGN.md §8), in the
 * browser (lazy chunk of /project/form) and in Node (build-time blank form, tests).
 *
 * pdfmake lays out and draws with pdfkit + fontkit, which apply Sarabun's GSUB/GPOS, so tone
 * marks and vowels sit where they belong and the text is real, selectable text. See thaiText.ts
 * (word breaks), pdfkitFixes.ts (exact extracted text), layout.ts (pages and fitting).
 *
 * Fitting (3 pages, always): the document is laid out with every page at scale 1 (11 pt text).
 * A page whose content runs past it (its end marker lands on a later page) gets a smaller scale,
 * aimed by the square root of available/used height (text area grows with the square of the type
 * size), and the document is laid out again; a page that fits with room to spare below scale 1 is
 * grown again until the fitting and overflowing scales are within 3 %. Pages are independent
 * (each starts on a new page), so each converges on its own. Below the minimum scale (0.6, 6.6 pt)
 * the longest answers of that page are shortened at a word boundary with a note saying how many
 * characters were cut. Ordinary answers take one pass; the blank form four.
 */
import pdfmake from 'pdfmake';
import type { FormDoc } from '../../engine/types.ts';
import { formModel, type FormItem } from './formModel.ts';
import type { SarabunFonts } from '../../pdf/fonts.ts';
import { proposalDefinition, type ProposalImages } from './layout.ts';
import { INNER_HEIGHT, MARGINS, MIN_SCALE } from './pageParts.ts';
import { pageCount, repairToUnicode } from '../../pdf/pdfkitFixes.ts';
import { ensurePdfSetup, toBytes } from '../../pdf/render.ts';

export type { ProposalImages } from './layout.ts';

export interface BuildOptions {
  /** Sarabun regular and bold TTF bytes; default: node_modules (Node) or the bundled assets (browser). */
  fonts?: SarabunFonts;
}

export interface BuildResult {
  bytes: Uint8Array;
  pages: number;
  /** Layout passes it took (1 when everything fits at full size). */
  passes: number;
  /** Final scale per page (1 = 11 pt text). */
  scales: number[];
  /** Fields whose answers had to be shortened to stay within the 3 pages. */
  shortened: string[];
  /** True when the images could not be embedded and were left out. */
  imagesDropped: boolean;
}

const MAX_PASSES = 14;
/** Characters of answers per page laid out at most (above what fits at the smallest type). */
const PAGE_TEXT_CAP = 20_000;
/** Stop refining a page's scale once the fitting and overflowing scales are this close. */
const SCALE_TOLERANCE = 0.03;

/** Text fields of a page whose answers may be shortened, with their current lengths. */
function textLengths(items: FormItem[], data: Record<string, unknown>): Array<{ key: string; length: number }> {
  const out: Array<{ key: string; length: number }> = [];
  for (const item of items) {
    const v = data[item.key];
    if ((item.kind === 'text' || item.kind === 'textarea') && typeof v === 'string') out.push({ key: item.key, length: v.length });
    if (item.kind === 'checks' || item.kind === 'group') {
      const leaves = JSON.stringify(v ?? '').length;
      out.push({ key: item.key, length: leaves });
    }
  }
  return out;
}

/** The largest per-field cap C with sum(min(length, C)) <= budget. */
function capFor(lengths: number[], budget: number): number {
  let lo = 0;
  let hi = Math.max(0, ...lengths);
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    const used = lengths.reduce((s, n) => s + Math.min(n, mid), 0);
    if (used <= budget) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Builds the PDF and reports how it was fitted. */
export async function buildProposalPdfDetailed(
  form: FormDoc,
  data: Record<string, unknown> = {},
  images: ProposalImages = {},
  options: BuildOptions = {},
): Promise<BuildResult> {
  await ensurePdfSetup(options.fonts);
  const model = formModel(form);
  const steps = model.steps.length;
  // Per page: the current scale, the largest scale known to fit, the smallest known to overflow.
  const scales = model.steps.map(() => 1);
  const fitting = model.steps.map(() => 0);
  const overflowing = model.steps.map(() => Infinity);
  const limits = new Map<string, number>();
  // No page holds more than about 16,000 characters even at the smallest type: answers beyond
  // that are shortened before the first layout, which keeps absurd input from costing seconds.
  model.steps.forEach((step) => {
    const fields = textLengths(step.items, data);
    const total = fields.reduce((sum, f) => sum + f.length, 0);
    if (total <= PAGE_TEXT_CAP) return;
    const cap = capFor(
      fields.map((f) => f.length),
      PAGE_TEXT_CAP,
    );
    for (const f of fields) if (f.length > cap) limits.set(f.key, cap);
  });
  let imgs = images;
  let imagesDropped = false;

  for (let pass = 1; ; pass++) {
    const { definition, markers } = proposalDefinition({ model, data, images: imgs, scales, limits });
    let out;
    let doc;
    try {
      out = pdfmake.createPdf(definition);
      doc = await out.getStream();
    } catch (e) {
      // A broken screenshot must not cost the user the document: retry with empty frames.
      if (imagesDropped || (!imgs.map && !imgs.minimap && !model.items.some((i) => i.kind === 'image' && data[i.key]))) throw e;
      imgs = {};
      imagesDropped = true;
      data = { ...data };
      for (const item of model.items) if (item.kind === 'image') delete data[item.key];
      pass--;
      continue;
    }

    // Height each page's content takes; page k starts on the page after page k-1 ended.
    let start = 1;
    const used = markers.map((m) => {
      if (!m) return INNER_HEIGHT * 2;
      const u = (m.pageNumber - start) * INNER_HEIGHT + (m.top - MARGINS[1]);
      start = m.pageNumber + 1;
      return u;
    });
    const fits = used.map((u) => u <= INNER_HEIGHT);
    fits.forEach((f, k) => {
      if (f) fitting[k] = Math.max(fitting[k]!, scales[k]!);
      else overflowing[k] = Math.min(overflowing[k]!, scales[k]!);
    });
    // A fitting page is done at full size, when the next larger known scale is close, or when
    // the little room left would not buy a noticeably larger type.
    const settled = fits.map(
      (f, k) =>
        f &&
        (scales[k]! >= 1 ||
          overflowing[k]! - scales[k]! <= SCALE_TOLERANCE ||
          Math.min(1, scales[k]! * Math.sqrt(INNER_HEIGHT / used[k]!)) - scales[k]! < SCALE_TOLERANCE / 2),
    );
    const allFit = fits.every(Boolean) && pageCount(doc) === steps;

    if ((allFit && settled.every(Boolean)) || (allFit && pass >= MAX_PASSES - 1) || pass >= MAX_PASSES) {
      repairToUnicode(doc);
      const bytes = toBytes(await out.getBuffer());
      return { bytes, pages: pageCount(doc), passes: pass, scales: [...scales], shortened: [...limits.keys()], imagesDropped };
    }

    used.forEach((u, k) => {
      if (settled[k]) return;
      const s = scales[k]!;
      if (pass >= MAX_PASSES - 2 && fitting[k]! > 0) {
        scales[k] = fitting[k]!; // out of passes: take the best known fit
        return;
      }
      // Text area grows with the square of the type size: aim at the available height.
      let next = s * Math.sqrt(INNER_HEIGHT / u) * (fits[k] ? 0.995 : 0.985);
      const lo = fitting[k]!;
      const hi = overflowing[k]!;
      if (next <= lo || next >= hi) next = Number.isFinite(hi) ? (Math.max(lo, MIN_SCALE) + hi) / 2 : next;
      next = Math.min(1, next);
      if (next >= MIN_SCALE || fits[k]) {
        scales[k] = Math.max(MIN_SCALE, next);
        return;
      }
      // Even the smallest type will not do: go to it and shorten the longest answers of this
      // page by the share that would still not fit there (height grows with the square of the size).
      const ratio = (INNER_HEIGHT / u) * (s / MIN_SCALE) ** 2;
      scales[k] = MIN_SCALE;
      const fields = textLengths(model.steps[k]!.items, data).map((f) => ({ ...f, length: Math.min(f.length, limits.get(f.key) ?? Infinity) }));
      const total = fields.reduce((sum, f) => sum + f.length, 0);
      const cap = capFor(
        fields.map((f) => f.length),
        total * Math.min(ratio, 1) * 0.9,
      );
      for (const f of fields) if (f.length > cap) limits.set(f.key, cap);
      fitting[k] = 0;
      overflowing[k] = Infinity;
    });
  }
}

/**
 * The proposal PDF: 3 A4 pages, Thai in Sarabun. `data` is the form data (may be empty: the blank
 * form); `images.map` the map screenshot and `images.minimap` the 80 x 80 location map (data URLs).
 */
export async function buildProposalPdf(
  form: FormDoc,
  data: Record<string, unknown> = {},
  images: ProposalImages = {},
  options: BuildOptions = {},
): Promise<Uint8Array> {
  return (await buildProposalPdfDetailed(form, data, images, options)).bytes;
}
