// GetMap images drawn on render worker threads are byte-identical to images drawn inline; the
// pool spreads concurrent jobs over its workers, and a warm-up starts them all ahead of the first
// job; a failing job rejects and the pool goes on.
import { afterAll, describe, expect, it } from 'vitest';
import { fixedStyle, renderMap, styleFromLegend } from '../../../src/server/ogc/render/index.ts';
import { runRenderJob, type RenderJob } from '../../../src/server/ogc/renderJob.ts';
import { RenderPool } from '../../../src/server/ogc/renderPool.ts';
import { legend } from '../render/helpers.ts';
import { decodePng } from './helpers.ts';
import { lineStringsTwkb } from './twkbWriter.ts';

const lines = Array.from({ length: 200 }, (_, i) => [
  [100 + (i % 20) * 0.05, 7 + Math.floor(i / 20) * 0.1],
  [100.04 + (i % 20) * 0.05, 7.05 + Math.floor(i / 20) * 0.1],
]);
const rows = { values: JSON.stringify(lines.map((_, i) => 2560 + (i % 3))), geometries: Buffer.from(lineStringsTwkb(lines)).toString('base64') };
const job = (merge: boolean): RenderJob => ({
  width: 256,
  height: 256,
  bbox: [99.9, 6.9, 101.1, 8.1],
  crs: 'EPSG:4326',
  format: 'png',
  transparent: true,
  bgcolor: '#ffffff',
  layers: [{ kind: 'rows', ...rows, style: fixedStyle('line', '#E6194B'), field: 'line_year', merge }],
});

const pool = new RenderPool(2);
afterAll(() => pool.close());

describe('render pool', () => {
  it('draws on worker threads the same bytes as inline', async () => {
    const inline = await new RenderPool(0).render(job(true));
    const [a, b, c] = await Promise.all([pool.render(job(true)), pool.render(job(true)), pool.render(job(true))]);
    expect(pool.drawn.worker).toBe(3);
    expect(pool.drawn.inline).toBe(0);
    for (const png of [a, b, c]) expect(Buffer.compare(png!, inline)).toBe(0);
    const img = decodePng(inline);
    expect(img.data.some((v, i) => i % 4 === 3 && v > 0)).toBe(true);
  });

  it('Skia: merging the lines of one class draws what drawing them one by one draws', async () => {
    // an area in the image: Skia draws it all, and strokes each class's lines as one path
    const area: RenderJob['layers'][number] = {
      kind: 'features',
      features: [{ geometry: { type: 'Polygon', coordinates: [[[99.95, 6.95], [99.97, 6.95], [99.97, 6.97], [99.95, 6.95]]] } }],
      style: fixedStyle('fill', '#00FF00'),
    };
    const withArea = (merge: boolean): RenderJob => ({ ...job(merge), layers: [area, ...job(merge).layers] });
    const merged = decodePng(await pool.render(withArea(true)));
    const single = decodePng(await pool.render(withArea(false)));
    let differing = 0;
    for (let i = 3; i < merged.data.length; i += 4) if (Math.abs(merged.data[i]! - single.data[i]!) > 64) differing++;
    expect(differing).toBeLessThan(merged.width * merged.height * 0.002);
  });

  it('strokes only: rows are drawn in the database order, so where two classes cross the later row is on top (as MapServer draws)', async () => {
    // 2567 across, 2562 down, 2567 across again: the last row, red, is on top at the crossing
    const across = [[100, 7.5], [101, 7.5]];
    const crossing = {
      values: JSON.stringify([2567, 2562, 2567]),
      geometries: Buffer.from(lineStringsTwkb([across, [[100.5, 7], [100.5, 8]], across])).toString('base64'),
    };
    const layers: RenderJob['layers'] = [{ kind: 'rows', ...crossing, style: styleFromLegend(legend('cmline-years')), field: 'line_year', merge: true }];
    const img = decodePng(await pool.render({ ...job(true), layers }));
    const at = (128 * 256 + 128) * 4;
    expect([...img.data.subarray(at, at + 4)]).toEqual([0xe6, 0x19, 0x4b, 255]); // #E6194B, 2567
  });

  it('draws line rows straight from TWKB the same bytes as through GeoJSON features', async () => {
    const yearly: RenderJob = { ...job(true), layers: [{ kind: 'rows', ...rows, style: styleFromLegend(legend('cmline-years')), field: 'line_year', merge: true }] };
    // an empty strokes layer beside the rows: the job is no longer rows only, so it goes through GeoJSON
    const viaFeatures: RenderJob = { ...yearly, layers: [...yearly.layers, { kind: 'features', features: [], style: fixedStyle('line', '#000000') }] };
    for (const format of ['png', 'jpeg'] as const) {
      const direct = await runRenderJob({ ...yearly, format });
      expect(Buffer.compare(direct, await runRenderJob({ ...viaFeatures, format })), format).toBe(0);
    }
    expect(decodePng(await runRenderJob(yearly)).data.some((v, i) => i % 4 === 3 && v > 0)).toBe(true);
  });

  it('warm starts every worker ahead of the first job, and jobs then start none', async () => {
    const warmed = new RenderPool(2);
    try {
      expect(warmed.workers).toBe(0);
      await warmed.warm();
      expect(warmed.workers).toBe(2);
      await Promise.all([warmed.render(job(true)), warmed.render(job(true)), warmed.render(job(true))]);
      expect(warmed.workers).toBe(2);
      expect(warmed.drawn).toEqual({ worker: 3, inline: 0 });
      await warmed.warm(); // a second warm-up starts nothing more
      expect(warmed.workers).toBe(2);
    } finally {
      warmed.close();
    }
    const inline = new RenderPool(0);
    await inline.warm(); // loads the canvas binding and the fonts on this thread
    expect([inline.workers, inline.drawn.inline]).toEqual([0, 0]);
  });

  it('a job that fails rejects, and the next one is drawn', async () => {
    const truncated = { values: '[1]', geometries: Buffer.from(lineStringsTwkb([[[100, 7], [100.1, 7.1]]]).subarray(0, 4)).toString('base64') };
    const bad: RenderJob = { ...job(true), layers: [{ kind: 'rows', ...truncated, style: fixedStyle('line', '#000000'), merge: true }] };
    await expect(pool.render(bad)).rejects.toThrow(/render worker/);
    const png = await pool.render(job(true));
    expect(decodePng(png).width).toBe(256);
  });
});

describe('tile PNG encoder', () => {
  it('writes the pixels the canvas drew (what its own encoder writes, up to premultiplication rounding)', async () => {
    const painted = { ...job(true), transparent: false, bgcolor: '#336699' };
    const ours = decodePng(await runRenderJob(painted));
    expect(ours.at(0, 0)).toEqual([0x33, 0x66, 0x99, 255]);
    // areas: drawn by Skia (strokes only go to the line rasteriser, tests/server/render/lineMap.test.ts)
    const squares = lines.map(([[x = 0, y = 0] = []]) => [[x, y], [x + 0.03, y], [x + 0.03, y + 0.03], [x, y + 0.03], [x, y]]);
    const style = fixedStyle('fill', '#E6194B');
    const areas: RenderJob = { ...job(false), layers: [{ kind: 'features', features: squares.map((ring) => ({ geometry: { type: 'Polygon', coordinates: [ring] } })), style }] };
    const a = decodePng(await runRenderJob(areas));
    const b = decodePng(await renderMap({ ...areas, layers: [{ features: squares.map((ring) => ({ geometry: { type: 'Polygon', coordinates: [ring] } })), style }] }));
    let worst = 0;
    for (let i = 0; i < a.data.length; i++) {
      // colour of nearly transparent pixels is imprecise after premultiplication; alpha never is
      if (i % 4 === 3 || a.data[i - (i % 4) + 3]! > 32) worst = Math.max(worst, Math.abs(a.data[i]! - b.data[i]!));
    }
    expect(worst).toBeLessThanOrEqual(8);
    expect(a.data.some((v, i) => i % 4 === 3 && v > 0)).toBe(true);
  });
});
