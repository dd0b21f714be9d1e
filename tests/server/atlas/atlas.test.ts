// The province atlas (issue 26) on the generated sample database: a province, a district and a
// beach system rendered through config/atlas.yaml; every section's text read back with
// pdftotext, the map's and the charts' ink with pdftoppm, Sarabun embedded (pdffonts), A4
// (pdfinfo), the QR code decoded (jsqr) to the permalink of the same area; the router's
// page=atlas download; two provinces of `--all` with their index.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfigDir } from '../../../src/loader/loadConfig.ts';
import { decodeUrlState } from '../../../src/engine/urlState.ts';
import { createAppServer } from '../../../src/server/app.ts';
import { buildAtlasPdf, type AtlasConfig, type AtlasPdf } from '../../../src/server/atlas/index.ts';
import { writeAtlasFolder } from '../../../src/server/atlas/folder.ts';
import { useCatalog } from '../../../src/server/data/catalog.ts';
import { openSampleDatabase, SLOW, type TestDatabase } from '../db/testDatabase.ts';
import { makeFakeDist } from '../helpers.ts';
import { closeServer, listen, rawRequest } from '../pageApi/helpers.ts';

let database: TestDatabase;
let config: AtlasConfig;
let dir: string;
const pdfs: Record<string, AtlasPdf> = {};
const AREAS = [
  { kind: 'province', code: '90', name: 'สงขลา' },
  { kind: 'district', code: '9002', name: 'สทิงพระ' },
  { kind: 'beach-system', code: 'T6-01-02', name: 'ระบบหาดสทิงพระ' },
] as const;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'atlas-'));
  const loaded = await loadConfigDir(path.resolve('config'));
  if (!loaded.ok || !loaded.atlas) throw new Error('config/ or config/atlas.yaml does not load');
  useCatalog(loaded.catalog.doc, loaded.catalog.layers);
  config = { atlas: loaded.atlas, bundle: loaded.bundle };
  database = await openSampleDatabase();
  for (const a of AREAS) {
    const pdf = await buildAtlasPdf(database.db, config, { kind: a.kind, code: a.code, origin: 'https://maps.example.org' });
    if (!pdf) throw new Error(`no atlas for ${a.kind} ${a.code}`);
    pdfs[a.kind] = pdf;
    writeFileSync(path.join(dir, `${a.kind}.pdf`), pdf.bytes);
  }
}, SLOW);
afterAll(async () => {
  await database?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const file = (kind: string) => path.join(dir, `${kind}.pdf`);
const run = (cmd: string, args: string[]) => execFileSync(cmd, args, { encoding: 'utf8' });
const pdfText = (kind: string) => run('pdftotext', ['-enc', 'UTF-8', file(kind), '-']);

/** Each page at `dpi` as decoded PNGs. */
function pages(kind: string, dpi: number): PNG[] {
  const prefix = path.join(dir, `${kind}-${dpi}`);
  execFileSync('pdftoppm', ['-r', String(dpi), '-png', file(kind), prefix]);
  const out: PNG[] = [];
  for (let n = 1; ; n++) {
    const name = [`${prefix}-${n}.png`, `${prefix}-0${n}.png`].find((f) => existsSync(f));
    if (!name) return out;
    out.push(PNG.sync.read(readFileSync(name)));
  }
}

/** Pixels within `tolerance` of a colour. */
function ink(png: PNG, hex: string, tolerance = 24): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
  let n = 0;
  for (let i = 0; i < png.data.length; i += 4) {
    if (Math.abs(png.data[i]! - r) <= tolerance && Math.abs(png.data[i + 1]! - g) <= tolerance && Math.abs(png.data[i + 2]! - b) <= tolerance) n++;
  }
  return n;
}

describe.each(AREAS)('the atlas of $kind $code', ({ kind, code, name }) => {
  it('is A4 with Sarabun embedded', () => {
    const info = run('pdfinfo', [file(kind)]);
    expect(info).toMatch(/Page size:\s+595\.2\d? x 841\.8\d? pts \(A4\)/);
    const fonts = run('pdffonts', [file(kind)]);
    expect(fonts).toMatch(/\+Sarabun-Regular\s+CID TrueType\s+Identity-H\s+yes yes yes/);
    expect(fonts).toMatch(/\+Sarabun-Bold\s+CID TrueType\s+Identity-H\s+yes yes yes/);
  });

  it('says every section in Thai, as config/atlas.yaml declares', () => {
    const text = pdfText(kind);
    const sections = config.atlas.kinds[kind].sections;
    for (const s of sections) if ('title' in s && s.title) expect(text, s.kind).toContain(s.title);
    expect(text).toContain(name);
    // legend, period, charts and tables, trend figures, fastest transects, sources, sample notice
    for (const phrase of ['การกัดเซาะ (Erosion)', 'กัดเซาะรุนแรง (น้อยกว่า -5)', 'พ.ศ. 2562 ถึง พ.ศ. 2567', 'พื้นที่กัดเซาะ', 'ตร.กม.', 'ไร่',
      'ค่าเฉลี่ยอัตราถดถอยเชิงเส้น (LRR)', 'ช่วงความเชื่อมั่น 95%', 'แนวโน้มที่มีนัยสำคัญ', 'ความยาวชายฝั่งตามระดับการเปลี่ยนแปลง', 'ความยาวชายฝั่ง (กม.)',
      config.atlas.texts.sample, 'สแกนคิวอาร์โค้ด', 'กม.', 'หน้า 1 จาก']) {
      expect(text, phrase).toContain(phrase);
    }
    // the mean LRR with its interval: '-1.47 ม./ปี' and '-1.53 – -1.40 ม./ปี (± 0.07)'
    expect(text).toMatch(/-?\d+\.\d\d – -?\d+\.\d\d ม\.\/ปี \(± \d+\.\d\d\)/);
    // five fastest-eroding transects: rank, transect number, beach system, place, LRR ± CI
    expect(text.match(/-\d+\.\d\d ± \d+\.\d\d/g)?.length ?? 0).toBeGreaterThanOrEqual(5);
    if (kind === 'beach-system') expect(text.match(/ระบบหาด\S+/g)?.length ?? 0).toBeGreaterThanOrEqual(6);
  });

  it('draws the map (sea, land, rate classes) and the charts as ink', () => {
    const [first, ...rest] = pages(kind, 40);
    expect(ink(first!, '#CFE6F2', 6)).toBeGreaterThan(5_000); // the sea of the offline base map
    expect(ink(first!, '#FBF4E1', 6)).toBeGreaterThan(2_000); // its land
    expect(ink(first!, '#EF8A62', 30) + ink(first!, '#B2182B', 30) + ink(first!, '#67A9CF', 30)).toBeGreaterThan(20); // transects by class
    const all = [first!, ...rest];
    expect(all.reduce((n, p) => n + ink(p, '#FF0000', 10), 0)).toBeGreaterThan(300); // erosion bars
    expect(all.reduce((n, p) => n + ink(p, '#4363D8', 10), 0)).toBeGreaterThan(300); // mean LRR bars
  });

  it('has a QR code of the permalink that opens the same area and period on the map', () => {
    const last = pages(kind, 80).at(-1)!;
    const qr = jsQR(new Uint8ClampedArray(last.data), last.width, last.height);
    expect(qr?.data).toBe(pdfs[kind]!.link);
    const url = new URL(qr!.data);
    expect(url.origin).toBe('https://maps.example.org');
    expect(url.pathname).toBe(kind === 'beach-system' ? '/maps/shoreline-trend/beach' : '/maps/shoreline-trend');
    const state = decodeUrlState(url.search).state!;
    expect(state.pickers.start).toEqual(['2562']);
    expect(state.pickers.end).toEqual(['2567']);
    expect(state.pickers[kind === 'province' ? 'province' : kind === 'district' ? 'district' : 'beach-system']).toEqual([code]);
  });
});

describe('router page=atlas', () => {
  it('answers the PDF of the area the sidebar download names, and JSON errors', async () => {
    const dist = makeFakeDist();
    const server = createAppServer({ basePath: '/maps', product: 'tcs', distDir: dist.dir, clientConfigJson: '{}', db: database.db, legends: config.bundle.legends, glossary: config.bundle.glossary, atlas: config, proxy: { allowOrigins: [] }, log: () => undefined });
    const port = await listen(server);
    try {
      const ok = await rawRequest(port, 'GET', '/tcs/v2/router?page=atlas&mode=pdf&outputFormat=pdf&pv=10&start=2562&end=2567&significant=&rate=', { headers: { host: 'maps.test:8080' } });
      expect(ok.status).toBe(200);
      expect(ok.headers['content-type']).toBe('application/pdf');
      expect(ok.headers['content-disposition']).toBe('attachment; filename="atlas-10.pdf"');
      expect(ok.body.subarray(0, 5).toString()).toBe('%PDF-');
      writeFileSync(path.join(dir, 'router.pdf'), ok.body);
      expect(run('pdftotext', [path.join(dir, 'router.pdf'), '-'])).toContain('http://maps.test:8080/maps/shoreline-trend?v=1&p.province=10&p.start=2562&p.end=2567');
      const none = await rawRequest(port, 'GET', '/tcs/v2/router?page=atlas&mode=pdf&pv=57');
      expect([none.status, none.json().errors]).toEqual([404, 'no such area with a coast']);
      const vague = await rawRequest(port, 'GET', '/tcs/v2/router?page=atlas&mode=pdf&code_b_m=T6');
      expect([vague.status, vague.json().errors]).toEqual([400, 'choose a beach system (code_b_s)']);
    } finally {
      await closeServer(server);
      dist.cleanup();
    }
  });
});

describe('npm run atlas -- --all', () => {
  it('writes one PDF per province asked for and an index linking them', async () => {
    const out = path.join(dir, 'all');
    const entries = await writeAtlasFolder(database.db, config, { outDir: out, origin: 'http://localhost:8080', only: ['10', '96'] });
    expect(entries.map((e) => [e.code, e.file])).toEqual([['10', 'atlas-10.pdf'], ['96', 'atlas-96.pdf']]);
    for (const e of entries) expect(readFileSync(path.join(out, e.file)).subarray(0, 5).toString()).toBe('%PDF-');
    const index = run('pdftotext', [path.join(out, 'index.pdf'), '-']);
    for (const s of ['รายงานจังหวัดชายฝั่งทะเล', 'กรุงเทพมหานคร', 'นราธิวาส', 'atlas-10.pdf', 'atlas-96.pdf']) expect(index).toContain(s);
  });
});
