// Shared fixtures and poppler helpers of the proposal PDF tests.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { unzlibSync } from 'fflate';
import { PNG } from 'pngjs';
import { loadConfigDir } from '../../../../src/loader/loadConfig.ts';
import type { FormDoc } from '../../../../src/engine/types.ts';

export const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

/** Where the tests leave their PDFs and page renders (gitignored). */
export function outputDir(name: string): string {
  const dir = path.join(repoRoot, 'test-results', 'proposal-pdf', name);
  mkdirSync(dir, { recursive: true });
  return dir;
}

let formPromise: Promise<FormDoc> | undefined;
export function loadForm(): Promise<FormDoc> {
  formPromise ??= loadConfigDir(path.join(repoRoot, 'config')).then((r) => {
    if (!r.ok) throw new Error('config/ does not load');
    const form = r.bundle.forms.find((f) => f.id === 'proposal');
    if (!form) throw new Error('no proposal form');
    return form;
  });
  return formPromise;
}

/** The test string of issue 6: tone marks over upper vowels, SARA AM, a descender consonant. */
export const THAI_PROBE = 'ผู้ใหญ่ น้ำ ที่ตั้ง ปู่ ฝั่ง';

/** Long Thai text without spaces between words: it has to wrap at word boundaries. */
export const PARAGRAPH =
  'กรมทรัพยากรทางทะเลและชายฝั่งได้ดำเนินการสำรวจและติดตามการเปลี่ยนแปลงของแนวชายฝั่งทะเลอย่างต่อเนื่องพบว่าพื้นที่ชายฝั่งในเขตจังหวัดสงขลาประสบปัญหาการกัดเซาะชายฝั่งในระดับรุนแรงโดยเฉพาะบริเวณตำบลเกาะแต้วและตำบลชิงโคซึ่งมีอัตราการกัดเซาะมากกว่าห้าเมตรต่อปี จึงมีความจำเป็นต้องดำเนินโครงการป้องกันและแก้ไขปัญหาการกัดเซาะชายฝั่งในปีงบประมาณ พ.ศ. 2569';
export const PARAGRAPH_2 =
  'ชุมชนประมงพื้นบ้านใช้ประโยชน์จากชายหาดในการจอดเรือและตากอาหารทะเลตลอดทั้งปี นักท่องเที่ยวนิยมมาพักผ่อนในช่วงวันหยุดสุดสัปดาห์ ทำให้ต้องออกแบบโครงสร้างให้กลมกลืนกับภูมิทัศน์และไม่กีดขวางการสัญจรของประชาชนริมชายฝั่ง น้ำทะเลหนุนสูงในฤดูมรสุมทำให้น้ำท่วมถนนเลียบชายหาดเป็นประจำ';

/** A small PNG as a data URL, drawn by `pixel`. */
export function pngDataUrl(width: number, height: number, pixel: (x: number, y: number) => [number, number, number]): string {
  const png = new PNG({ width, height });
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      const [r, g, b] = pixel(x, y);
      png.data[i] = r;
      png.data[i + 1] = g;
      png.data[i + 2] = b;
      png.data[i + 3] = 255;
    }
  }
  return `data:image/png;base64,${PNG.sync.write(png).toString('base64')}`;
}

export const MAP_PNG = pngDataUrl(320, 200, (x, y) => (y > 100 + 20 * Math.sin(x / 30) ? [40, 110, 200] : [230, 220, 170]));
export const MINIMAP_PNG = pngDataUrl(80, 80, (x, y) => ((x - 40) ** 2 + (y - 40) ** 2 < 30 ? [220, 0, 0] : x > 44 ? [60, 120, 200] : [200, 230, 180]));

/** Every field of the form, with long answers that must wrap. */
export function filledData(): Record<string, unknown> {
  return {
    projectName: `โครงการป้องกันการกัดเซาะชายฝั่ง ${THAI_PROBE}`,
    coastalErosionStatus: PARAGRAPH,
    coastalErosionCode: 'DS-SV พื้นที่ที่ได้รับการแก้ไขแล้ว กัดเซาะรุนแรง (มากกว่า 5 ม./ปี)',
    agenciesInformation: PARAGRAPH_2,
    erosionLength: 1250.5,
    existingCoastalProtectionStructures: 'กำแพงกันคลื่นคอนกรีต ยาว 300 เมตร',
    projectObjectives: 'เพื่อป้องกันการกัดเซาะชายฝั่งและฟื้นฟูชายหาดให้กลับสู่สมดุล',
    projectType: 'construction_with_eia',
    hasConstructionPlan: 'yes',
    location: 'บ้านเกาะแต้ว ตำบลเกาะแต้ว อำเภอเมืองสงขลา จังหวัดสงขลา',
    coordinates: '13.736717, 100.523186',
    coordinatesEnd: '13.740000,100.530000',
    mapImage: MAP_PNG,
    projectShoreLength: 812.34,
    beachSystem: 'T5/T5-2/หาดเกาะแต้ว',
    beachSystemInfo: 'ระบบหาดทรายยาวต่อเนื่อง มีปากคลองสองแห่ง',
    physicalCharacteristics: 'muddy_sand',
    physicalCharacteristicsInfo: PARAGRAPH_2,
    coastalPreventionAlignment: 'erosion_prevention',
    beachUtilizationInfo: 'ท่องเที่ยว ประมงพื้นบ้าน',
    historicalSiteInfo: 'วัดเกาะแต้ว',
    touristAttractions: 'หาดสมิหลา',
    conservationAreaInfo: 'ไม่อยู่ในพื้นที่อนุรักษ์',
    landUsePermissionProcess: 'l2',
    operationPlan: PARAGRAPH,
    budgetSourceOption: 'hasBudget',
    budgetSources: { normal: true, normalDetail: 'งบประมาณรายจ่ายประจำปี 2569', provincial: false, other: true, otherDetail: 'องค์การบริหารส่วนจังหวัดสงขลา' },
    supportRequestedFrom: 'กรมทรัพยากรทางทะเลและชายฝั่ง',
    budgetAmount: { b2569: 12500000, b2570: 8000000.5, b2571: 0, b2572: 1500000 },
    budgetDuration: 3,
    environmentalMitigation: 'ติดตั้งม่านดักตะกอนระหว่างก่อสร้าง และติดตามคุณภาพน้ำทะเลทุกเดือน',
    projectOwner: { name: { name: 'นายสมชาย ใจดี' }, phone: { phone: '0812345678' }, email: { email: 'somchai@example.com' } },
  };
}

// ---- poppler-utils ----------------------------------------------------------------------

function run(cmd: string, args: string[]): string {
  return execFileSync(cmd, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
}

export function pdfinfo(file: string): { pages: number; width: number; height: number } {
  const out = run('pdfinfo', [file]);
  const pages = Number(/^Pages:\s+(\d+)/m.exec(out)?.[1]);
  const size = /^Page size:\s+([\d.]+) x ([\d.]+) pts/m.exec(out);
  return { pages, width: Number(size?.[1]), height: Number(size?.[2]) };
}

export function pdftotext(file: string, args: string[] = []): string {
  return run('pdftotext', ['-enc', 'UTF-8', ...args, file, '-']);
}

export interface PdfFont {
  name: string;
  type: string;
  embedded: boolean;
  unicode: boolean;
}

export function pdffonts(file: string): PdfFont[] {
  return run('pdffonts', [file])
    .split('\n')
    .slice(2)
    .filter((l) => l.trim())
    .map((l) => {
      const cols = l.trim().split(/\s+/);
      // name type... encoding emb sub uni object ID
      const n = cols.length;
      return { name: cols[0]!, type: cols.slice(1, n - 6).join(' '), embedded: cols[n - 5] === 'yes', unicode: cols[n - 3] === 'yes' };
    });
}

export interface WordBox {
  page: number;
  pageWidth: number;
  pageHeight: number;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
  text: string;
}

export function wordBoxes(file: string): WordBox[] {
  const html = pdftotext(file, ['-bbox']);
  const boxes: WordBox[] = [];
  let page = 0;
  let pageWidth = 0;
  let pageHeight = 0;
  for (const line of html.split('\n')) {
    const p = /<page width="([\d.]+)" height="([\d.]+)"/.exec(line);
    if (p) {
      page++;
      pageWidth = Number(p[1]);
      pageHeight = Number(p[2]);
      continue;
    }
    const w = /<word xMin="([-\d.]+)" yMin="([-\d.]+)" xMax="([-\d.]+)" yMax="([-\d.]+)">(.*)<\/word>/.exec(line);
    if (w) boxes.push({ page, pageWidth, pageHeight, xMin: Number(w[1]), yMin: Number(w[2]), xMax: Number(w[3]), yMax: Number(w[4]), text: w[5]! });
  }
  return boxes;
}

/** Renders the pages at `dpi` into `dir` as <prefix>-<n>.png; returns the files. */
export function renderPages(file: string, dir: string, prefix: string, dpi = 60): string[] {
  run('pdftoppm', ['-r', String(dpi), '-png', file, path.join(dir, prefix)]);
  return readdirSync(dir)
    .filter((f) => f.startsWith(`${prefix}-`) && f.endsWith('.png'))
    .sort()
    .map((f) => path.join(dir, f));
}

/** Share of pixels darker than mid grey (a page with text and lines is not blank). */
export function inkRatio(pngFile: string): number {
  const png = PNG.sync.read(readFileSync(pngFile));
  let dark = 0;
  for (let i = 0; i < png.data.length; i += 4) if (png.data[i]! + png.data[i + 1]! + png.data[i + 2]! < 384) dark++;
  return dark / (png.width * png.height);
}

/** Images drawn in the PDF (soft masks not counted). */
export function pdfimagesCount(file: string): number {
  return run('pdfimages', ['-list', file])
    .split('\n')
    .slice(2)
    .filter((l) => l.trim().split(/\s+/)[2] === 'image').length;
}

/**
 * The ToUnicode CMaps of the PDF, per font: glyph id -> code points (decoded from pdfkit's
 * `beginbfrange ... [<..> <..>]` form, streams inflated).
 */
export function toUnicodeMaps(bytes: Uint8Array): Map<string, Map<number, number[]>> {
  const buf = Buffer.from(bytes);
  const s = buf.toString('latin1');
  const streams = new Map<string, string>();
  const re = /(\d+) 0 obj\s*<<((?:(?!endobj)[\s\S])*?)>>\s*stream\r?\n/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(s))) {
    const len = Number(/\/Length (\d+)/.exec(m[2]!)?.[1]);
    const raw = buf.subarray(m.index + m[0].length, m.index + m[0].length + len);
    const data = /FlateDecode/.test(m[2]!) ? Buffer.from(unzlibSync(raw)) : raw;
    streams.set(m[1]!, data.toString('latin1'));
  }
  const result = new Map<string, Map<number, number[]>>();
  const fontRe = /\/Subtype \/Type0\s*\/BaseFont \/([^\s/]+)[^>]*?\/ToUnicode (\d+) 0 R/g;
  while ((m = fontRe.exec(s))) {
    const cmap = streams.get(m[2]!) ?? '';
    const map = new Map<number, number[]>();
    for (const r of cmap.matchAll(/<([0-9a-f]{4})> <([0-9a-f]{4})> \[([^\]]*)\]/gi)) {
      let gid = parseInt(r[1]!, 16);
      for (const e of r[3]!.matchAll(/<([0-9a-f ]*)>/gi)) {
        map.set(gid++, e[1]!.trim() ? e[1]!.trim().split(/\s+/).map((h) => parseInt(h, 16)) : []);
      }
    }
    result.set(m[1]!.replace(/^[A-Z]{6}\+/, ''), map);
  }
  return result;
}
