// Map and legend agree on point symbols (issue 23 item 4, SPEC.md §4 legend): the fixture
// /stationsymbols draws the radar stations from WFS, classed by a legend of zone_no ranges whose
// items carry a `symbol` (square, triangle-up, triangle-down). The map canvas is read back and
// the mark around each isolated station is named by its pixels (tests/server/render/symbolShapes.ts):
// it must be its class's shape, the one the legend card shows, not a circle.
import { appendFileSync, cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PNG } from 'pngjs';
import { afterAll, describe, expect, it } from 'vitest';
import { symbolPath } from '../../src/engine/symbols.ts';
import { readShape, type Pixels } from '../server/render/symbolShapes.ts';
import { describeProblems, waitForMapIdle } from './support/browser.ts';
import { backendSuite } from './support/backendSuite.ts';
import { CONFIG_DIR, ROOT_DIR } from './support/server.ts';

const FIXTURE = path.join(ROOT_DIR, 'tests', 'fixtures', 'config-point-symbols');
const SHOTS = path.join(ROOT_DIR, 'test-results', 'point-symbols');
const LAYER = 'stations-by-zone';

/** The legend class of a zone number (min < v <= max), as the fixture legend says. */
const CLASSES = [
  { max: 2, color: '#00A000', symbol: 'square' },
  { max: 4, color: '#C000C0', symbol: 'triangle-up' },
  { max: Infinity, color: '#0000E0', symbol: 'triangle-down' },
] as const;
const classOf = (zone: number) => CLASSES.find((c) => zone <= c.max)!;

describe('a WFS point layer draws the symbols of its legend', { timeout: 120_000 }, () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'e2e-symbols-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const suite = backendSuite(SHOTS, {
    configDir: () => {
      cpSync(CONFIG_DIR, dir, { recursive: true });
      cpSync(path.join(FIXTURE, 'topics'), path.join(dir, 'topics'), { recursive: true });
      appendFileSync(path.join(dir, 'legends.yaml'), `\n${readFileSync(path.join(FIXTURE, 'legends.yaml'), 'utf8')}`);
      return dir;
    },
  });

  it('/stationsymbols: each station in its class shape on the map, as in the legend card', async () => {
    const { page } = suite.s;
    await page.goto(suite.app.url('stationsymbols?qa=1'));
    await page.getByRole('heading', { level: 1, name: 'สถานีเรดาร์ตามเขต' }).waitFor();
    const row = page.locator(`.toggle-row[data-row="${LAYER}"]`);
    await row.locator('button').click();
    await page.waitForFunction((id) => document.querySelector(`.toggle-row[data-row="${id}"]`)?.getAttribute('data-state') === 'active', LAYER);
    await waitForMapIdle(page);
    await page.waitForTimeout(300);

    const ids = await page.evaluate(() => window.__qa?.styleLayerIds().filter((id) => id.startsWith('stations-by-zone::')));
    expect(ids).toEqual([`${LAYER}::fill`, `${LAYER}::outline`, `${LAYER}::line`, `${LAYER}::symbol`]);
    const features = await page.evaluate((id) => window.__qa?.drawnFeatures(id) ?? [], LAYER);
    expect(features.length).toBeGreaterThan(10);

    // The map canvas as drawn (preserveDrawingBuffer), in device pixels.
    const shot = await page.locator('[data-testid="map"] canvas.maplibregl-canvas').first().evaluate((c: HTMLCanvasElement) => ({
      url: c.toDataURL('image/png'),
      ratio: c.width / c.clientWidth,
    }));
    const png = PNG.sync.read(Buffer.from(shot.url.split(',')[1]!, 'base64'));
    const img: Pixels = {
      width: png.width,
      height: png.height,
      at: (x, y) => [...png.data.subarray((y * png.width + x) * 4, (y * png.width + x) * 4 + 4)] as [number, number, number, number],
    };
    await page.screenshot({ path: path.join(SHOTS, 'stationsymbols.png') });

    // Stations with no other within 24 px, inside the canvas: their mark is theirs alone.
    const isolated = features.filter((f) => {
      const [x, y] = f.point;
      const inside = x > 12 && y > 12 && x * shot.ratio < img.width - 12 && y * shot.ratio < img.height - 12;
      return inside && features.every((g) => g === f || Math.hypot(g.point[0] - x, g.point[1] - y) >= 24);
    });
    const read = isolated.map((f) => {
      const zone = Number(f.properties.zone_no);
      const [x, y] = [f.point[0] * shot.ratio, f.point[1] * shot.ratio];
      const half = Math.ceil(11 * shot.ratio);
      const r = readShape(img, classOf(zone).color, [Math.floor(x - half), Math.floor(y - half), Math.ceil(x + half), Math.ceil(y + half)]);
      return { zone, want: classOf(zone).symbol, got: r.shape, fill: Number(r.fill.toFixed(2)), top: r.top, bottom: r.bottom };
    });
    console.log(JSON.stringify(read));
    const shapes = new Set(read.map((r) => r.want));
    expect(shapes.size, 'isolated stations of every class').toBe(3);
    expect(read.filter((r) => r.got !== r.want)).toEqual([]);

    // The legend card shows the same marks.
    const paths = await page.locator('.legend-card svg path').evaluateAll((ps) => ps.map((p) => p.getAttribute('d')));
    expect(paths).toEqual(CLASSES.map((c) => symbolPath(c.symbol)));
    expect(describeProblems(suite.s.log.unexpected())).toBe('');
  });
});
