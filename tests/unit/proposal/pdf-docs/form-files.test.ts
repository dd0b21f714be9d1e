// The /project download files generated from the form config (issue 6 §4): the blank form and
// the filling instructions, each as .pdf and .docx, and the Vite plugin that writes them.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { unzipSync, strFromU8 } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { FormDoc, Glossary } from '../../../../src/engine/types.ts';
import { formFilesPlugin } from '../../../../src/proposal/docs/vitePlugin.ts';
import { FORM_FILES, writeFormFiles } from '../../../../src/proposal/docs/writeFormFiles.ts';
import { DOC_TEXT } from '../../../../src/proposal/docs/text.ts';
import { formModel, type FormModel } from '../../../../src/proposal/pdf/formModel.ts';
import { inkRatio, loadForm, outputDir, pdffonts, pdfinfo, pdftotext, renderPages, repoRoot, wordBoxes } from '../pdf/support.ts';

let form: FormDoc;
let model: FormModel;
const out = outputDir('files');
const file = (name: string) => path.join(out, name);
const squeeze = (s: string) => s.replace(/\s+/g, '');
let took = 0;

beforeAll(async () => {
  form = await loadForm();
  model = formModel(form);
  const t = performance.now();
  const written = await writeFormFiles(form, out);
  took = Math.round(performance.now() - t);
  expect(written.map((f) => path.basename(f)).sort()).toEqual(Object.values(FORM_FILES).sort());
  console.log(`form files written in ${took} ms to ${out}: ${written.map((f) => `${path.basename(f)} ${readFileSync(f).length} B`).join(', ')}`);
}, 120_000);

function docx(name: string): Record<string, string> {
  const entries = unzipSync(new Uint8Array(readFileSync(file(name))));
  const text: Record<string, string> = {};
  for (const [k, v] of Object.entries(entries)) text[k] = /\.(xml|rels)$/.test(k) ? strFromU8(v) : `(binary ${v.length} bytes)`;
  return text;
}

/** Text content of a WordprocessingML part (runs joined per paragraph). */
function docxParagraphs(xml: string): string[] {
  return [...xml.matchAll(/<w:p[ >][\s\S]*?<\/w:p>/g)].map((p) => [...p[0].matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((t) => t[1]).join(''));
}

describe('proposal-form.pdf (the blank form)', () => {
  it('is the 3-page A4 blank form with every item label', () => {
    const info = pdfinfo(file(FORM_FILES.formPdf));
    expect(info.pages).toBe(3);
    expect(info.width).toBeCloseTo(595.28, 1);
    expect(info.height).toBeCloseTo(841.89, 1);
    const text = pdftotext(file(FORM_FILES.formPdf));
    for (const item of model.items) expect(squeeze(text), item.title).toContain(squeeze(item.title));
    expect(text).toContain(String(form.fiscalYear));
  });
});

describe('proposal-form.docx (the blank form)', () => {
  it('is a valid .docx with the items, answer lines, options and the budget table', () => {
    const parts = docx(FORM_FILES.formDocx);
    expect(Object.keys(parts)).toEqual(expect.arrayContaining(['[Content_Types].xml', 'word/document.xml', 'word/styles.xml', 'word/fontTable.xml']));
    const xml = parts['word/document.xml']!;
    const paragraphs = docxParagraphs(xml);
    // every item, in order
    let last = -1;
    for (const item of model.items) {
      const at = paragraphs.indexOf(item.title);
      expect(at, item.title).toBeGreaterThan(last);
      last = at;
      for (const o of item.options) expect(paragraphs.some((p) => p.includes(o.title)), o.title).toBe(true);
    }
    expect(paragraphs[0]).toBe(model.title);
    // dotted answer lines (right tab with a dot leader) and the budget table with its total
    expect(xml).toMatch(/<w:tab w:val="right"[^>]* w:leader="dot"/);
    const amounts = model.items.find((i) => i.kind === 'amounts')!;
    for (const leaf of amounts.leaves) expect(paragraphs).toContain(leaf.title);
    expect(paragraphs).toContain('รวม');
    expect(xml).toContain('<w:tbl>');
    for (const step of model.steps) expect(paragraphs).toContain(step.title);
  });

  it('embeds Sarabun and uses it for Thai (complex script font and size)', () => {
    const parts = docx(FORM_FILES.formDocx);
    expect(Object.keys(parts).filter((k) => k.startsWith('word/fonts/'))).toHaveLength(2);
    expect(parts['word/fontTable.xml']).toContain('w:name="Sarabun"');
    expect(parts['word/fontTable.xml']).toMatch(/w:embedRegular/);
    expect(parts['word/fontTable.xml']).toMatch(/w:embedBold/);
    expect(parts['word/styles.xml']).toMatch(/w:cs="Sarabun"/);
    expect(parts['word/styles.xml']).toMatch(/<w:szCs w:val="22"\/>/);
  });
});

describe('proposal-instructions (.pdf and .docx)', () => {
  it('the PDF lists every item with required/optional, its type and how to fill it', () => {
    const f = file(FORM_FILES.instructionsPdf);
    const info = pdfinfo(f);
    expect(info.pages).toBeGreaterThanOrEqual(2);
    expect(info.width).toBeCloseTo(595.28, 1);
    const text = pdftotext(f);
    const lines = text.split('\n').map((l) => l.replace(/^\f/, ''));
    for (const item of model.items) {
      const line = lines.find((l) => l.startsWith(`${item.title} `) || l === item.title);
      expect(line, item.title).toBeDefined();
      expect(line, item.title).toContain(item.required ? DOC_TEXT.required : DOC_TEXT.optional);
      for (const o of item.options) expect(squeeze(text), o.title).toContain(squeeze(o.title));
      if (item.help) expect(squeeze(text), `${item.key} help`).toContain(squeeze(item.help));
      if (item.placeholder) expect(squeeze(text), `${item.key} placeholder`).toContain(squeeze(item.placeholder));
      if (item.patternMessage && item.kind !== 'image') expect(squeeze(text), `${item.key} message`).toContain(squeeze(item.patternMessage));
    }
    expect(model.items.filter((i) => i.required)).toHaveLength((form.schema.required as string[]).length);
    expect(text).toContain('กรุณากรอกค่าพิกัดให้ถูกต้อง (lat,lng)');
    expect(text).not.toMatch(/[\u200B\uFEFF]/);
    expect(pdffonts(f).map((x) => x.name.replace(/^[A-Z]{6}\+/, ''))).toEqual(expect.arrayContaining(['Sarabun-Regular', 'Sarabun-Bold']));
    for (const b of wordBoxes(f)) {
      expect(b.xMin).toBeGreaterThanOrEqual(0);
      expect(b.xMax).toBeLessThanOrEqual(b.pageWidth);
      expect(b.yMax).toBeLessThanOrEqual(b.pageHeight);
    }
  });

  it('the .docx says the same', () => {
    const parts = docx(FORM_FILES.instructionsDocx);
    const paragraphs = docxParagraphs(parts['word/document.xml']!);
    for (const item of model.items) {
      const p = paragraphs.find((x) => x.startsWith(item.title));
      expect(p, item.title).toBeDefined();
      expect(p, item.title).toContain(item.required ? DOC_TEXT.required : DOC_TEXT.optional);
      for (const o of item.options) expect(paragraphs.some((x) => x.includes(o.title)), o.title).toBe(true);
    }
    expect(paragraphs.some((p) => p.includes('กรุณากรอกค่าพิกัดให้ถูกต้อง (lat,lng)'))).toBe(true);
    expect(Object.keys(parts).filter((k) => k.startsWith('word/fonts/'))).toHaveLength(2);
  });

  it('renders (look at test-results/proposal-pdf/files/*.png)', () => {
    for (const [name, prefix] of [[FORM_FILES.formPdf, 'form'], [FORM_FILES.instructionsPdf, 'instructions']] as const) {
      const pngs = renderPages(file(name), out, prefix);
      expect(pngs.length).toBeGreaterThan(0);
      for (const p of pngs) expect(inkRatio(p)).toBeGreaterThan(0.003);
    }
  });
});

describe('formFilesPlugin', () => {
  it('writes the four files into <outDir>/files after a client build', async () => {
    const outDir = path.join(out, 'vite-build');
    rmSync(outDir, { recursive: true, force: true });
    const plugin = formFilesPlugin({ configDir: path.join(repoRoot, 'config') });
    const logged: string[] = [];
    const resolved = { root: repoRoot, build: { outDir, ssr: false }, logger: { info: (m: string) => logged.push(m) } };
    (plugin.configResolved as (c: unknown) => void)(resolved);
    await (plugin.writeBundle as () => Promise<void>).call({});
    for (const name of Object.values(FORM_FILES)) expect(existsSync(path.join(outDir, 'files', name)), name).toBe(true);
    expect(pdfinfo(path.join(outDir, 'files', FORM_FILES.formPdf)).pages).toBe(3);
    expect(logged.join('\n')).toContain('form files');
    expect(plugin.apply).toBe('build');
  }, 120_000);
});

describe('the documents say what the glossary says (issue 16)', () => {
  const glossary = parse(readFileSync(path.join(repoRoot, 'config', 'glossary.yaml'), 'utf8')) as Glossary;
  const status = glossary.codes['coastal-status']!;
  const options = (form: FormDoc) => (form.schema.properties as { coastalErosionCode: { enum: string[] } }).coastalErosionCode.enum;

  it('the blank form and the instructions PDFs show the coastal-status terms and the document names', () => {
    for (const name of [FORM_FILES.formPdf, FORM_FILES.instructionsPdf]) {
      const text = squeeze(pdftotext(file(name)));
      for (const option of options(form)) {
        const code = option.split(' ')[0]!;
        expect(text, `${name}: ${code}`).toContain(squeeze(`${code} ${status.items[code]!.th}`));
      }
      expect(text, name).toContain(squeeze(glossary.documents['proposal-form']!.th));
      expect(text, name).not.toMatch(/สะสมตัว|สะสมตะกอน|แบบฟอร์มเสนอโครงการ|แบบฟอร์มข้อเสนอโครงการ/);
    }
    expect(squeeze(pdftotext(file(FORM_FILES.instructionsPdf)))).toContain(squeeze(glossary.documents['proposal-instructions']!.th));
    expect(pdftotext(file(FORM_FILES.formPdf))).toContain('หน้า 1/3');
  });
});
