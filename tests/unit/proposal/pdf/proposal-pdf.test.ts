// The proposal PDF built in Node (issue 6 §3): 3 A4 pages, Thai shaped and extractable, labels
// from the config, long answers wrapped at word boundaries inside the page, the blank form from
// the same definition. Checked with poppler-utils (pdfinfo, pdftotext, pdffonts, pdfimages,
// pdftoppm); the page renders are left in test-results/proposal-pdf/ to look at.
import { readFileSync, writeFileSync } from 'node:fs';
import { parse } from 'yaml';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FormDoc, Glossary } from '../../../../src/engine/types.ts';
import { buildProposalPdf, buildProposalPdfDetailed, type BuildResult } from '../../../../src/proposal/pdf/index.ts';
import { formModel, type FormModel } from '../../../../src/proposal/pdf/formModel.ts';
import { toUtm } from '../../../../src/proposal/geo/utm.ts';
import {
  filledData,
  inkRatio,
  loadForm,
  MINIMAP_PNG,
  outputDir,
  PARAGRAPH,
  PARAGRAPH_2,
  pdffonts,
  pdfimagesCount,
  pdfinfo,
  pdftotext,
  renderPages,
  repoRoot,
  THAI_PROBE,
  toUnicodeMaps,
  wordBoxes,
} from './support.ts';

const A4 = { width: 595.28, height: 841.89 };

let form: FormDoc;
let model: FormModel;
const out = outputDir('proposal');
const files = { filled: path.join(out, 'filled.pdf'), blank: path.join(out, 'blank.pdf') };
let filled: BuildResult;
let blank: BuildResult;
const timings: Record<string, number> = {};

async function timed<T>(name: string, f: () => Promise<T>): Promise<T> {
  const t = performance.now();
  const r = await f();
  timings[name] = Math.round(performance.now() - t);
  return r;
}

beforeAll(async () => {
  form = await loadForm();
  model = formModel(form);
  // cold: the first PDF of the process (reads and parses the fonts, sets pdfmake up)
  filled = await timed('filled (cold)', () => buildProposalPdfDetailed(form, filledData(), { minimap: MINIMAP_PNG }));
  writeFileSync(files.filled, filled.bytes);
  blank = await timed('blank', () => buildProposalPdfDetailed(form, {}));
  writeFileSync(files.blank, blank.bytes);
  await timed('filled (warm)', () => buildProposalPdfDetailed(form, filledData(), { minimap: MINIMAP_PNG }));
  console.log(
    `proposal PDF: ${Object.entries(timings).map(([k, v]) => `${k} ${v} ms`).join(', ')}; ` +
      `filled ${filled.bytes.length} bytes (${filled.passes} layout passes, scales ${filled.scales.map((s) => s.toFixed(2)).join('/')}), ` +
      `blank ${blank.bytes.length} bytes (${blank.passes} passes, scales ${blank.scales.map((s) => s.toFixed(2)).join('/')}); renders in ${out}`,
  );
}, 120_000);

/** Thai text as pdftotext gives it back: line breaks removed (and any whitespace, for text that wraps). */
const squeeze = (s: string) => s.replace(/\s+/g, '');

describe('proposal PDF (filled)', () => {
  it('is 3 A4 pages', () => {
    expect(filled.pages).toBe(3);
    const info = pdfinfo(files.filled);
    expect(info.pages).toBe(3);
    expect(info.width).toBeCloseTo(A4.width, 1);
    expect(info.height).toBeCloseTo(A4.height, 1);
  });

  it('extracts the Thai test string exactly, and no invisible break characters', () => {
    const text = pdftotext(files.filled);
    expect(text).toContain(THAI_PROBE);
    expect(text).not.toMatch(/[\u200B\u2060\uFEFF]/);
    expect(text).not.toContain('ำา');
  });

  it("shows the chosen coastal status in the glossary's words, and 'หน้า n/3' (issue 16)", () => {
    const glossary = parse(readFileSync(path.join(repoRoot, 'config', 'glossary.yaml'), 'utf8')) as Glossary;
    const text = pdftotext(files.filled);
    expect(squeeze(text)).toContain(squeeze(`DS-SV ${glossary.codes['coastal-status']!.items['DS-SV']!.th}`));
    for (const n of [1, 2, 3]) expect(text).toContain(`หน้า ${n}/3`);
  });

  it('shows items 1-15 in order with their labels from the config, on the page of their step', () => {
    const pages = pdftotext(files.filled).split('\f');
    let last = -1;
    const all = pages.join('\n');
    model.steps.forEach((step, k) => {
      expect(pages[k]).toContain(step.title);
      for (const item of step.items) {
        if (item.key === 'budgetSources' || !item.number) continue;
        expect(pages[k], item.title).toContain(item.title);
        const at = all.indexOf(item.title);
        expect(at, `${item.title} after the previous item`).toBeGreaterThan(last);
        last = at;
      }
    });
    const numbers = model.items.filter((i) => i.depth === 0 && i.number).map((i) => Number(i.number));
    expect(numbers).toEqual(Array.from({ length: 15 }, (_, i) => i + 1));
    expect(pages[0]).toContain(String(form.fiscalYear));
  });

  it('shows the answers: text, Thai option titles, the full erosion label, numbers in Thai format', () => {
    const text = pdftotext(files.filled);
    const data = filledData();
    for (const key of ['projectName', 'existingCoastalProtectionStructures', 'location', 'beachSystem', 'historicalSiteInfo', 'touristAttractions', 'supportRequestedFrom']) {
      expect(text, key).toContain(String(data[key]));
    }
    expect(text).toContain(String(data.coastalErosionCode));
    for (const key of ['projectType', 'hasConstructionPlan', 'physicalCharacteristics', 'coastalPreventionAlignment', 'landUsePermissionProcess', 'budgetSourceOption']) {
      const item = model.items.find((i) => i.key === key)!;
      const chosen = item.options.find((o) => o.value === data[key])!;
      expect(text, key).toContain(chosen.title);
      // only the chosen option is shown in a filled proposal
      for (const o of item.options) if (o !== chosen && !chosen.title.includes(o.title)) expect(text, `${key}: ${o.title}`).not.toContain(o.title);
    }
    expect(text).toContain('1,250.5');
    expect(text).toContain('812.34');
    // long answers wrap: compare without the line breaks
    for (const p of [PARAGRAPH, PARAGRAPH_2]) expect(squeeze(text)).toContain(squeeze(p));
  });

  it('gives the coordinates in UTM zone 47N', () => {
    const text = pdftotext(files.filled);
    expect(text).toContain('13.736717, 100.523186');
    const start = toUtm(13.736717, 100.523186, 47);
    const end = toUtm(13.74, 100.53, 47);
    const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
    for (const u of [start, end]) {
      expect(text).toContain(`E ${fmt(u.easting)}`);
      expect(text).toContain(`N ${fmt(u.northing)}`);
    }
    expect(text).toContain('E 664,693');
    expect(text).toContain('N 1,519,129');
    expect(text).toMatch(/UTM\s+\S+\s+47N/);
  });

  it('has the budget table: year columns 2569-2572 from the schema and the total', () => {
    const text = pdftotext(files.filled);
    // column titles from the schema (they wrap inside their cells: 'ปีงบประมาณ' / 'พ.ศ. 2569')
    const amounts = model.items.find((i) => i.kind === 'amounts')!;
    expect(amounts.leaves.map((l) => l.title)).toEqual([2569, 2570, 2571, 2572].map((y) => `ปีงบประมาณ พ.ศ. ${y}`));
    for (const year of [2569, 2570, 2571, 2572]) expect(text).toContain(`พ.ศ. ${year}`);
    expect(text.split('ปีงบประมาณ').length).toBeGreaterThanOrEqual(5);
    expect(text).toContain('12,500,000.00');
    expect(text).toContain('8,000,000.50');
    expect(text).toContain('1,500,000.00');
    expect(text).toContain('22,000,000.50');
  });

  it('shows the budget sources for hasBudget, and the owner contact', () => {
    const text = pdftotext(files.filled);
    const sources = model.items.find((i) => i.key === 'budgetSources')!;
    expect(text).toContain(sources.title);
    expect(text).toContain('งบประมาณรายจ่ายประจำปี 2569');
    expect(text).toContain('องค์การบริหารส่วนจังหวัดสงขลา');
    for (const v of ['นายสมชาย ใจดี', '0812345678', 'somchai@example.com']) expect(text).toContain(v);
    const owner = model.items.find((i) => i.key === 'projectOwner')!;
    expect(text).toContain(owner.title);
    for (const leaf of owner.leaves) expect(text).toContain(leaf.title);
  });

  it('embeds Sarabun (regular and bold) with Unicode maps, plus the zero-width font', () => {
    const fonts = pdffonts(files.filled);
    const names = fonts.map((f) => f.name.replace(/^[A-Z]{6}\+/, ''));
    expect(names).toEqual(expect.arrayContaining(['Sarabun-Regular', 'Sarabun-Bold', 'PdfZeroWidth-Regular']));
    for (const f of fonts) {
      expect(f.embedded, f.name).toBe(true);
      expect(f.unicode, f.name).toBe(true);
    }
  });

  it('maps every Sarabun glyph to Unicode (no lost "า" after "ำ", no SARA AM on the nikhahit glyph)', () => {
    const maps = toUnicodeMaps(filled.bytes);
    expect([...maps.keys()].sort()).toEqual(['PdfZeroWidth-Regular', 'Sarabun-Bold', 'Sarabun-Regular'].map((n) => expect.stringContaining(n)));
    for (const [font, map] of maps) {
      expect(map.size, font).toBeGreaterThan(1);
      if (font.startsWith('PdfZeroWidth')) {
        for (const cps of map.values()) expect(cps).toEqual([]);
        continue;
      }
      for (const [gid, cps] of map) {
        if (gid === 0) continue;
        expect(cps.length, `${font} glyph ${gid}`).toBeGreaterThan(0);
        expect(cps, `${font} glyph ${gid}`).not.toContain(0x0e33);
      }
      expect([...map.values()].some((c) => c.length === 1 && c[0] === 0x0e32), `${font} has 'า'`).toBe(true);
    }
  });

  it('embeds the map image and the minimap', () => {
    expect(pdfimagesCount(files.filled)).toBe(2);
    const text = pdftotext(files.filled);
    expect(text).toContain('มาตราส่วน 1:4,000');
  });

  it('keeps every word inside the page (and inside the margins, but for the page number)', () => {
    const boxes = wordBoxes(files.filled);
    expect(boxes.length).toBeGreaterThan(50);
    for (const b of boxes) {
      expect(b.xMin, b.text).toBeGreaterThanOrEqual(0);
      expect(b.yMin, b.text).toBeGreaterThanOrEqual(0);
      expect(b.xMax, b.text).toBeLessThanOrEqual(b.pageWidth);
      expect(b.yMax, b.text).toBeLessThanOrEqual(b.pageHeight);
      expect(b.xMin, b.text).toBeGreaterThanOrEqual(42 - 0.5);
      expect(b.xMax, b.text).toBeLessThanOrEqual(A4.width - 42 + 0.5);
      // the page number line sits in the bottom margin
      if (!/^(หน้า )?\d+\/\d+$/.test(b.text)) expect(b.yMax, b.text).toBeLessThanOrEqual(A4.height - 46 + 0.5);
    }
  });

  it('breaks long Thai lines only at word boundaries (Intl.Segmenter), never inside a word', () => {
    const lines = pdftotext(files.filled).split('\n').map((l) => l.trim());
    const words = new Intl.Segmenter('th', { granularity: 'word' });
    for (const p of [PARAGRAPH, PARAGRAPH_2]) {
      const boundaries = new Set([...words.segment(p)].map((s) => s.index));
      // the lines that make up the paragraph, in order
      const first = lines.findIndex((l) => l.length > 10 && p.startsWith(l));
      expect(first, 'paragraph found').toBeGreaterThanOrEqual(0);
      let offset = 0;
      let n = first;
      let wraps = 0;
      while (offset < p.length) {
        const line = lines[n++]!;
        const at = p.indexOf(line, offset);
        expect(at, `line "${line}" continues the paragraph`).toBeGreaterThanOrEqual(offset);
        expect(p.slice(offset, at).trim(), 'nothing skipped').toBe('');
        expect(boundaries.has(at), `break before "${line.slice(0, 12)}" is a word boundary`).toBe(true);
        offset = at + line.length;
        if (offset < p.length) wraps++;
      }
      expect(wraps, 'the paragraph wraps').toBeGreaterThan(0);
    }
  });

  it('renders 3 non-blank pages (look at test-results/proposal-pdf/proposal/filled-*.png)', () => {
    const pngs = renderPages(files.filled, out, 'filled');
    expect(pngs).toHaveLength(3);
    for (const p of pngs) expect(inkRatio(p)).toBeGreaterThan(0.01);
  });
});

describe('proposal PDF (blank form from the same definition)', () => {
  it('is 3 A4 pages with every label, the budget columns and no answers', () => {
    expect(blank.pages).toBe(3);
    const info = pdfinfo(files.blank);
    expect(info.pages).toBe(3);
    expect(info.width).toBeCloseTo(A4.width, 1);
    const text = pdftotext(files.blank);
    for (const item of model.items) expect(squeeze(text), item.title).toContain(squeeze(item.title));
    // every option offered with an empty box
    for (const item of model.items) for (const o of item.options) expect(squeeze(text), o.title).toContain(squeeze(o.title));
    for (const year of [2569, 2570, 2571, 2572]) expect(text).toContain(`พ.ศ. ${year}`);
    expect(text).not.toContain(THAI_PROBE);
    expect(text).not.toMatch(/\d{1,3},\d{3}\.\d\d/);
    expect(pdfimagesCount(files.blank)).toBe(0);
  });

  it('keeps every word inside the page', () => {
    for (const b of wordBoxes(files.blank)) {
      expect(b.xMin).toBeGreaterThanOrEqual(0);
      expect(b.xMax).toBeLessThanOrEqual(b.pageWidth);
      expect(b.yMin).toBeGreaterThanOrEqual(0);
      expect(b.yMax).toBeLessThanOrEqual(b.pageHeight);
    }
  });

  it('renders 3 non-blank pages (look at test-results/proposal-pdf/proposal/blank-*.png)', () => {
    const pngs = renderPages(files.blank, out, 'blank');
    expect(pngs).toHaveLength(3);
    for (const p of pngs) expect(inkRatio(p)).toBeGreaterThan(0.005);
  });
});

describe('proposal PDF (edge cases)', () => {
  it('stays at 3 pages with very long answers: smaller type, then shortened answers with a note', async () => {
    const huge = `${PARAGRAPH} `.repeat(40);
    const data = { ...filledData(), coastalErosionStatus: huge, agenciesInformation: huge, projectObjectives: huge, operationPlan: huge, environmentalMitigation: huge, beachSystemInfo: huge };
    const res = await timed('very long answers', () => buildProposalPdfDetailed(form, data));
    const file = path.join(out, 'very-long.pdf');
    writeFileSync(file, res.bytes);
    console.log(`very long answers: ${timings['very long answers']} ms, ${res.passes} passes, scales ${res.scales.map((s) => s.toFixed(2)).join('/')}, shortened ${res.shortened.join(', ')}`);
    expect(pdfinfo(file).pages).toBe(3);
    expect(res.shortened.length).toBeGreaterThan(0);
    const text = pdftotext(file);
    expect(text).toContain(THAI_PROBE);
    expect(squeeze(text)).toContain(squeeze('ตัดข้อความ'));
    for (const b of wordBoxes(file)) expect(b.yMax).toBeLessThanOrEqual(b.pageHeight);
    renderPages(file, out, 'very-long');
  }, 120_000);

  it('leaves out a broken screenshot instead of failing', async () => {
    const res = await buildProposalPdfDetailed(form, { ...filledData(), mapImage: 'data:image/png;base64,iVBORw0KGgo=' });
    expect(res.imagesDropped).toBe(true);
    expect(res.pages).toBe(3);
  }, 60_000);

  it('shows no budget sources for noBudget', async () => {
    const bytes = await buildProposalPdf(form, { ...filledData(), budgetSourceOption: 'noBudget', budgetSources: undefined });
    const file = path.join(out, 'no-budget.pdf');
    writeFileSync(file, bytes);
    const sources = model.items.find((i) => i.key === 'budgetSources')!;
    expect(pdftotext(file)).not.toContain(sources.title);
  }, 60_000);

  it('takes the map image from the images argument or from the form data', async () => {
    const { mapImage, ...rest } = filledData();
    const bytes = await buildProposalPdf(form, rest, { map: mapImage as string });
    const file = path.join(out, 'map-argument.pdf');
    writeFileSync(file, bytes);
    expect(pdfimagesCount(file)).toBe(1);
  }, 60_000);
});
