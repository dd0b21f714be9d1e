// The report's pages (SPEC.md §2 Export dialog, issue 10): every visible layer's legend, legends
// that flow onto extra pages rather than being cut, chart pages only when charts have data (two to
// a page, a tall table alone), and the Thai Buddhist-era date.
import { describe, expect, it } from 'vitest';
import type { CompiledChart } from '../../../src/engine/charts/compile.ts';
import type { Legend } from '../../../src/engine/types.ts';
import type { MapLayer } from '../../../src/layers/types.ts';
import { chartPages, flowLegend, legendBlocks, LEGEND_ROWS, reportPages, thaiDate, type LegendBlock, type ReportChart } from '../../../src/report/model.ts';

const legends: Legend[] = [
  { id: 'ea', title: 'การเปลี่ยนแปลงพื้นที่ชายฝั่ง', type: 'fill', items: [{ label: 'การกัดเซาะ', code: 'erosion', color: '#FF0000' }, { label: 'การทับถม', code: 'accretion', color: '#2AA7FE' }] },
  { id: 'lu', title: 'การใช้ประโยชน์ที่ดิน', type: 'fill', field: 'lul2_code', items: Array.from({ length: 32 }, (_, i) => ({ label: `รหัส ${i}`, code: `A${i}`, color: '#00AA00' })) },
];
const layer = (id: string, extra: Partial<MapLayer> = {}): MapLayer => ({ id, name: `ชั้น ${id}`, type: 'wfs', options: {}, zIndex: 600, visible: true, ...extra });
const chart = (id: string, rows: number): ReportChart => ({
  id,
  title: `กราฟ ${id}`,
  chart: { levels: ['จังหวัด'], totalText: 'รวม', vegaLite: {}, table: { nameColumns: ['จังหวัด'], valueColumns: ['ไร่'], rows: Array.from({ length: rows }, (_, i) => ({ names: [`จ.${i}`], values: ['1'] })), total: { label: 'รวม', values: ['1'] } } } as CompiledChart,
});
const rows = (pages: LegendBlock[][]) => pages.map((p) => p.reduce((n, b) => n + 1 + b.items.length, 0));

describe('report legend (SPEC.md §2 รายละเอียดชั้นข้อมูล)', () => {
  it('one block per visible layer: a one-colour layer shows its legend item, a classed layer every item', () => {
    const blocks = legendBlocks({ layers: [layer('erosion', { legend: 'ea', legendItem: 'erosion' }), layer('landuse', { legend: 'lu' })], legends });
    expect(blocks.map((b) => [b.layerName, b.title, b.items.length])).toEqual([
      ['ชั้น erosion', 'การเปลี่ยนแปลงพื้นที่ชายฝั่ง', 1],
      ['ชั้น landuse', 'การใช้ประโยชน์ที่ดิน', 32],
    ]);
    expect(blocks[0]!.items[0]!.color).toBe('#FF0000');
  });

  it('a WMS layer without a config legend shows its GetLegendGraphic picture; nothing is dropped', () => {
    const blocks = legendBlocks({ layers: [layer('radar', { type: 'wms' }), layer('plain')], legends, legendImage: (l) => (l.type === 'wms' ? `/wms?LAYER=${l.id}` : null) });
    expect(blocks).toEqual([
      { layerId: 'radar', layerName: 'ชั้น radar', type: 'image', items: [], image: '/wms?LAYER=radar' },
      { layerId: 'plain', layerName: 'ชั้น plain', type: 'fill', items: [] },
    ]);
  });

  it('long legends flow onto extra pages, items split between pages with the heading repeated, none lost', () => {
    const blocks = legendBlocks({ layers: [layer('a', { legend: 'lu' }), layer('b', { legend: 'lu' }), layer('c', { legend: 'ea', legendItem: 'accretion' })], legends });
    const pages = flowLegend(blocks, LEGEND_ROWS.title, LEGEND_ROWS.page);
    expect(pages.length).toBeGreaterThan(2);
    expect(rows(pages).every((n, i) => n <= (i === 0 ? LEGEND_ROWS.title : LEGEND_ROWS.page))).toBe(true);
    const items = pages.flat().reduce((n, b) => n + b.items.length, 0);
    expect(items).toBe(32 + 32 + 1);
    expect(pages.flat().filter((b) => b.layerId === 'a').map((b) => b.items[0]!.label)[1]).toBe(`รหัส ${LEGEND_ROWS.title - 1}`);
  });
});

describe('report chart pages (SPEC.md §2: chart pages only if chart data exist)', () => {
  it('no charts, no chart page', () => {
    expect(reportPages({ layers: [], legends, charts: [], chartHeading: 'x' }).map((p) => p.kind)).toEqual(['title']);
  });
  it('two charts to a page; a tall table takes a page of its own', () => {
    expect(chartPages([chart('e', 5), chart('a', 4)], 'h').map((p) => p.charts.map((c) => c.id))).toEqual([['e', 'a']]);
    expect(chartPages([chart('e', 40), chart('a', 4), chart('x', 2)], 'h').map((p) => p.charts.map((c) => c.id))).toEqual([['e'], ['a', 'x']]);
  });
  it('the title page first, then legend pages, then chart pages with their heading', () => {
    const pages = reportPages({ layers: [layer('a', { legend: 'lu' })], legends, charts: [chart('e', 3)], chartHeading: 'วิเคราะห์ — แผ่นดิน' });
    expect(pages.map((p) => p.kind)).toEqual(['title', 'legend', 'charts']);
    expect(pages[2]).toMatchObject({ heading: 'วิเคราะห์ — แผ่นดิน' });
  });
});

describe('Thai date (SPEC.md §9: Thai locale, Buddhist-era year)', () => {
  it('25 November 2026 is 25 พฤศจิกายน 2569', () => {
    expect(thaiDate(new Date(Date.UTC(2026, 10, 25, 5)))).toBe('25 พฤศจิกายน 2569');
  });
});
