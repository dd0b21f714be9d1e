// The report PDF's chart and legend pictures as opaque RGB PNGs (src/report/opaquePng.ts, issue 29
// aim 6): laid over white as the page draws them, read back exactly by a PNG decoder, and copied
// into the PDF by pdfkit as they are (no soft mask: an RGBA PNG gets one, after an inflate, a split
// and two deflates in JavaScript).
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { buildReportPdf } from '../../../src/report/pdf/index.ts';
import { dataUrl } from '../../../src/pdf/dataUrl.ts';
import { opaquePng } from '../../../src/report/opaquePng.ts';
import { outputDir } from '../proposal/pdf/support.ts';

const OUT = outputDir('opaque-png');

/** 300 x 200 RGBA: transparent left third, half-transparent red middle, opaque blue right. */
function pixels(): Uint8ClampedArray {
  const rgba = new Uint8ClampedArray(300 * 200 * 4);
  for (let i = 0; i < rgba.length; i += 4) {
    const x = (i / 4) % 300;
    if (x < 100) rgba.set([12, 34, 56, 0], i);
    else if (x < 200) rgba.set([255, 0, 0, 128], i);
    else rgba.set([0, 0, 255, 255], i);
  }
  return rgba;
}

describe('opaquePng', () => {
  it('writes an RGB PNG of the pixels laid over white', async () => {
    const png = PNG.sync.read(Buffer.from(await opaquePng(pixels(), 300, 200)));
    expect([png.width, png.height]).toEqual([300, 200]);
    expect(Buffer.from(await opaquePng(pixels(), 300, 200))[25]).toBe(2); // IHDR colour type: RGB
    const at = (x: number, y: number) => [...png.data.subarray((y * 300 + x) * 4, (y * 300 + x) * 4 + 4)];
    expect(at(5, 7)).toEqual([255, 255, 255, 255]);
    expect(at(150, 100)).toEqual([255, 127, 127, 255]);
    expect(at(299, 199)).toEqual([0, 0, 255, 255]);
  });

  it('refuses a buffer that does not match the size', async () => {
    await expect(opaquePng(new Uint8ClampedArray(10), 3, 3)).rejects.toThrow(RangeError);
  });

  it('gives a data URL that holds the same bytes', async () => {
    const bytes = await opaquePng(pixels(), 300, 200);
    const url = dataUrl(bytes, 'image/png');
    expect(url.startsWith('data:image/png;base64,')).toBe(true);
    expect(Buffer.from(url.slice(url.indexOf(',') + 1), 'base64').equals(Buffer.from(bytes))).toBe(true);
  });

  it('is copied into the report PDF without a soft mask (pdfimages)', async () => {
    const chart = { levels: ['จังหวัด'], color: '#FF0000', totalText: 'รวม 1 ไร่', vegaLite: {} };
    const pdf = await buildReportPdf({
      title: 'รายงาน',
      date: '29 พฤศจิกายน 2569',
      header: { product: 'ระบบ', legendTitle: 'ชั้นข้อมูล', legendContinued: 'ชั้นข้อมูล (ต่อ)', noLegend: 'ไม่มีสัญลักษณ์', page: (n, of) => `หน้า ${n}/${of}` },
      pages: [{ kind: 'charts', heading: 'แผนภูมิ', charts: [{ id: 'c', title: 'พื้นที่', chart }] }],
      images: { charts: { c: dataUrl(await opaquePng(pixels(), 300, 200), 'image/png') }, legends: {} },
      chartSizes: { c: { width: 150, height: 100 } },
    });
    const file = path.join(OUT, 'chart.pdf');
    writeFileSync(file, pdf);
    const rows = execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' }).split('\n').slice(2).filter((l) => l.trim());
    expect(rows.map((l) => l.trim().split(/\s+/).slice(2, 6))).toEqual([['image', '300', '200', 'rgb']]);
  });
});
