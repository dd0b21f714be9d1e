// The report PDF (issue 10 item 3): A4 pages, one per report page (more when a table runs on),
// selectable Thai text that pdftotext returns exactly (title, legend heading and titles, chart
// titles and the table's district names, tone marks intact), the map picture, the legend pictures
// (a layer's GetLegendGraphic, an item's icon) and a page rendered with pdftoppm that carries ink.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PNG } from 'pngjs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CompiledChart } from '../../../src/engine/charts/compile.ts';
import { buildReportPdf } from '../../../src/report/pdf/index.ts';
import type { ReportPage } from '../../../src/report/model.ts';
import { inkRatio, MAP_PNG, outputDir, pdfimagesCount, pdfinfo, pdftotext, pngDataUrl, renderPages, THAI_PROBE } from '../proposal/pdf/support.ts';

const OUT = outputDir('report-pdf');
const districts = ['สิงหนคร', 'เมืองสงขลา', 'ระโนด', 'สทิงพระ'];
const chart: CompiledChart = {
  levels: ['จังหวัด', 'อำเภอ'],
  color: '#FF0000',
  totalText: 'รวม 1,130.121 ไร่',
  vegaLite: {},
  table: {
    nameColumns: ['จังหวัด', 'อำเภอ'],
    valueColumns: ['ไร่', 'งาน', 'ตร.วา', 'ตร.กม.'],
    rows: districts.map((d) => ({ names: ['สงขลา', d], values: ['276', '0', '6.518', '0.442'] })),
    total: { label: 'รวม', values: ['1,130', '0', '48.247', '1.808'] },
  },
};
const LEGEND_URL = '/geoserver/tcs_postgres/wms?REQUEST=GetLegendGraphic&LAYER=tcs:changearea_analysis';
const ICON_URL = '/icons/cctv.png';
/** Magenta and cyan: colours nothing else on the pages uses. */
const LEGEND_PICTURE = { url: pngDataUrl(213, 52, (x) => (x < 30 ? [255, 0, 255] : [255, 255, 255])), width: 213, height: 52 };
const ICON_PICTURE = { url: pngDataUrl(16, 16, () => [0, 255, 255]), width: 16, height: 16 };

const pages: ReportPage[] = [
  {
    kind: 'title',
    legend: [
      { layerId: 'erosion', layerName: 'พื้นที่กัดเซาะ 2562-2567', title: 'การเปลี่ยนแปลงพื้นที่ชายฝั่ง', type: 'fill', items: [{ label: 'การกัดเซาะ (Erosion)', color: '#FF0000' }] },
      { layerId: 'coast', layerName: 'แนวชายฝั่ง 2562 และ 2567', title: 'แนวชายฝั่งรายปี', type: 'line', items: [{ label: 'พ.ศ. 2562', color: '#1B9E77' }, { label: 'พ.ศ. 2567', color: '#D95F02' }] },
      // classes told apart by symbol as well as colour (issue 14 item 6), as the map draws them
      {
        layerId: 'rates', layerName: 'อัตราการเปลี่ยนแปลงรายจุด', type: 'circle',
        items: [{ label: 'กัดเซาะรุนแรง', color: '#7B3294', symbol: 'triangle-down' }, { label: 'ทับถมรุนแรง', color: '#008837', symbol: 'triangle-up' }],
      },
    ],
  },
  // a legend page: a layer with no config legend shows its map-service picture (213 x 52 px, the size
  // of our GetLegendGraphic), one whose picture could not be had says so, and an item draws its icon
  {
    kind: 'legend',
    legend: [
      { layerId: 'analysis', layerName: 'พื้นที่วิเคราะห์ พ.ศ. 2562-2567', type: 'image', items: [], image: LEGEND_URL },
      { layerId: 'gone', layerName: 'ชั้นข้อมูลที่ไม่มีภาพสัญลักษณ์', type: 'image', items: [], image: '/wms?REQUEST=GetLegendGraphic&LAYER=gone' },
      { layerId: 'cctv', layerName: 'กล้อง CCTV', type: 'image', items: [{ label: 'กล้องออนไลน์', image: ICON_URL }] },
    ],
  },
  { kind: 'charts', heading: 'วิเคราะห์การเปลี่ยนแปลงชายฝั่ง — แผ่นดิน', charts: [{ id: 'erosion-chart', title: 'พื้นที่การกัดเซาะ', chart }] },
];

let file: string;
beforeAll(async () => {
  const bytes = await buildReportPdf({
    title: `รายงาน ${THAI_PROBE}`,
    date: '25 พฤศจิกายน 2569',
    header: {
      product: 'ระบบติดตามการเปลี่ยนแปลงชายฝั่งทะเลไทย', legendTitle: 'รายละเอียดชั้นข้อมูล', legendContinued: 'รายละเอียดชั้นข้อมูล (ต่อ)',
      noLegend: 'ไม่มีสัญลักษณ์', sample: 'ข้อมูลตัวอย่าง', page: (n, of) => `หน้า ${n}/${of}`,
    },
    pages,
    images: { map: MAP_PNG, charts: {}, legends: { [LEGEND_URL]: LEGEND_PICTURE, [ICON_URL]: ICON_PICTURE } },
    chartSizes: {},
    // 100 m a point: a fifth of the map's 523 pt is 10.5 km, the scale bar 10 km (issue 26 item 4)
    mapScale: { width: 523.28, height: 327, metresPerPoint: 100 },
  });
  file = path.join(OUT, 'report.pdf');
  writeFileSync(file, bytes);
}, 60_000);

describe('report PDF', () => {
  it('is A4 with one page per report page', () => {
    const info = pdfinfo(file);
    expect(info.pages).toBe(3);
    expect([Math.round(info.width), Math.round(info.height)]).toEqual([595, 842]);
  });

  it('pdftotext returns the title with its tone marks, the legend heading and titles, and the chart labels', () => {
    const text = pdftotext(file);
    for (const expected of [`รายงาน ${THAI_PROBE}`, 'รายละเอียดชั้นข้อมูล', 'การเปลี่ยนแปลงพื้นที่ชายฝั่ง', 'พ.ศ. 2567', 'พื้นที่การกัดเซาะ', 'หน้า 3/3', ...districts]) {
      expect(text.replace(/\s+/g, ' '), expected).toContain(expected);
    }
  });

  it("draws the map's scale bar and north arrow as text over its picture (issue 26 item 4)", () => {
    const first = pdftotext(file, ['-f', '1', '-l', '1']);
    expect(first).toMatch(/(^|\s)N(\s|$)/);
    expect(first).toMatch(/(^|\s)10 กม\.(\s|$)/);
  });

  it('holds the map picture and the two legend pictures, and draws ink on its pages (pdftoppm)', () => {
    expect(pdfimagesCount(file)).toBe(3);
    const pngs = renderPages(file, OUT, 'page');
    expect(pngs).toHaveLength(3);
    for (const png of pngs) expect(inkRatio(png)).toBeGreaterThan(0.003);
  });

  it('the legend page draws the GetLegendGraphic picture at its preview size and the item icon, and says when a picture is missing', () => {
    const text = pdftotext(file, ['-f', '2', '-l', '2']).replace(/\s+/g, ' ');
    for (const expected of ['รายละเอียดชั้นข้อมูล (ต่อ)', 'พื้นที่วิเคราะห์ พ.ศ. 2562-2567', 'ชั้นข้อมูลที่ไม่มีภาพสัญลักษณ์ ไม่มีสัญลักษณ์', 'กล้องออนไลน์']) expect(text, expected).toContain(expected);
    const [, second] = renderPages(file, OUT, 'legend', 72);
    const png = PNG.sync.read(readFileSync(second!));
    /** The bounding box of the pixels of one colour, in points (72 dpi). */
    const boxOf = (r: number, g: number, b: number) => {
      let [x0, y0, x1, y1] = [Infinity, Infinity, -1, -1];
      for (let i = 0; i < png.data.length; i += 4) {
        if (Math.abs(png.data[i]! - r) + Math.abs(png.data[i + 1]! - g) + Math.abs(png.data[i + 2]! - b) > 30) continue;
        const x = (i / 4) % png.width;
        const y = Math.floor(i / 4 / png.width);
        [x0, y0, x1, y1] = [Math.min(x0, x), Math.min(y0, y), Math.max(x1, x), Math.max(y1, y)];
      }
      return { width: x1 - x0 + 1, height: y1 - y0 + 1 };
    };
    // 30 x 52 px of magenta at 0.75 pt a pixel: 22.5 x 39 pt
    const stripe = boxOf(255, 0, 255);
    expect(stripe.width).toBeGreaterThanOrEqual(21);
    expect(stripe.width).toBeLessThanOrEqual(24);
    expect(stripe.height).toBeGreaterThanOrEqual(38);
    expect(stripe.height).toBeLessThanOrEqual(40);
    const icon = boxOf(0, 255, 255);
    expect(icon.width).toBeGreaterThanOrEqual(11);
    expect(icon.height).toBeGreaterThanOrEqual(11);
  });

  it('draws a legend symbol as its shape in its colour: a downward triangle is widest at the top', () => {
    const [first] = renderPages(file, OUT, 'symbols');
    const png = PNG.sync.read(readFileSync(first!));
    /** Rows holding the colour, and how many pixels of it each row has. */
    const rowsOf = (r: number, g: number, b: number) => {
      const rows = new Map<number, number>();
      for (let i = 0; i < png.data.length; i += 4) {
        if (Math.abs(png.data[i]! - r) + Math.abs(png.data[i + 1]! - g) + Math.abs(png.data[i + 2]! - b) > 30) continue;
        const y = Math.floor(i / 4 / png.width);
        rows.set(y, (rows.get(y) ?? 0) + 1);
      }
      return [...rows.entries()].sort((x, y) => x[0] - y[0]).map(([, n]) => n);
    };
    const down = rowsOf(0x7b, 0x32, 0x94);
    const up = rowsOf(0x00, 0x88, 0x37);
    expect(down.length).toBeGreaterThan(4);
    expect(up.length).toBeGreaterThan(4);
    expect(down[0]!).toBeGreaterThan(down.at(-1)!);
    expect(up.at(-1)!).toBeGreaterThan(up[0]!);
  });
});
