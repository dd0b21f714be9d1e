// Debian Chromium through playwright-core (DESIGN.md §9): a fresh profile per launch, WebGL2 on
// SwiftShader, plus helpers to collect console/page errors, wait for the map and measure pixels.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type ConsoleMessage, type Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
];

export const DESKTOP = { width: 1280, height: 800 } as const;
export const MOBILE = { width: 390, height: 844 } as const;
export const VIEWPORTS = [
  { name: 'desktop 1280x800', viewport: DESKTOP },
  { name: 'mobile 390x844', viewport: MOBILE },
] as const;

export interface Browser {
  context: BrowserContext;
  close: () => Promise<void>;
}

/** Launches Chromium with a fresh temporary profile; close() removes the profile. */
export async function launchBrowser(viewport: { width: number; height: number } = DESKTOP, extraArgs: readonly string[] = []): Promise<Browser> {
  const profile = mkdtempSync(path.join(tmpdir(), 'e2e-chromium-'));
  try {
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: [...CHROMIUM_ARGS, ...extraArgs],
      viewport,
      locale: 'th-TH',
      timezoneId: 'Asia/Bangkok',
    });
    context.setDefaultTimeout(15_000);
    context.setDefaultNavigationTimeout(30_000);
    return {
      context,
      close: async () => {
        await context.close().catch(() => {});
        rmSync(profile, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(profile, { recursive: true, force: true });
    throw error;
  }
}

/** Pages of a context opened with this script see localStorage.basemap = 'offline' (no network waits, quiet console). */
export async function useOfflineBasemap(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    try {
      if (!window.localStorage.getItem('basemap')) window.localStorage.setItem('basemap', 'offline');
    } catch {
      // storage unavailable (about:blank): nothing to do
    }
  });
}

export interface PageProblem {
  kind: 'console' | 'pageerror' | 'requestfailed' | 'http';
  text: string;
  url?: string;
}

/**
 * Records console errors, uncaught page errors and failed requests of a page. `unexpected()`
 * returns those not explained by an allowed URL pattern (e.g. the not-yet-existing provider API).
 */
export class ProblemLog {
  readonly all: PageProblem[] = [];

  constructor(page: Page) {
    page.on('console', (msg: ConsoleMessage) => {
      if (msg.type() !== 'error') return;
      this.all.push({ kind: 'console', text: msg.text(), url: msg.location().url });
    });
    page.on('pageerror', (error) => this.all.push({ kind: 'pageerror', text: `${error.name}: ${error.message}` }));
    page.on('requestfailed', (req) => {
      const text = req.failure()?.errorText ?? 'failed';
      // Requests cancelled by leaving the page (or by the app's own AbortController) are not failures.
      if (text === 'net::ERR_ABORTED') return;
      this.all.push({ kind: 'requestfailed', text, url: req.url() });
    });
    page.on('response', (res) => {
      if (res.status() >= 400) this.all.push({ kind: 'http', text: `HTTP ${res.status()}`, url: res.url() });
    });
  }

  clear(): void {
    this.all.length = 0;
  }

  /**
   * Problems not explained by `allowed` URL patterns. A console error "Failed to load resource"
   * is the browser's echo of an HTTP failure: it is allowed exactly when its URL is allowed.
   * Page errors are never allowed.
   */
  unexpected(allowed: readonly RegExp[] = []): PageProblem[] {
    const ok = (url: string | undefined) => !!url && allowed.some((re) => re.test(url));
    return this.all.filter((p) => {
      if (p.kind === 'pageerror') return true;
      if (p.kind === 'console') return !(p.text.startsWith('Failed to load resource') && ok(p.url));
      return !ok(p.url);
    });
  }
}

export function describeProblems(problems: readonly PageProblem[]): string {
  return problems.map((p) => `[${p.kind}] ${p.text}${p.url ? ` (${p.url})` : ''}`).join('\n');
}

/** Waits until the map container reports idle (MapLibre 'idle': style, tiles and transitions done). */
export async function waitForMapIdle(page: Page, timeout = 30_000): Promise<void> {
  await page.locator('[data-testid="map"][data-idle="true"]').first().waitFor({ state: 'attached', timeout });
}

/** Waits for a map move to start and settle again (after a zoom button click). */
export async function waitForMapZoom(page: Page, predicate: (zoom: number) => boolean, timeout = 20_000): Promise<number> {
  const deadline = Date.now() + timeout;
  let zoom = Number.NaN;
  while (Date.now() < deadline) {
    const state = await page.locator('[data-testid="map"]').first().evaluate((el: HTMLElement) => ({ idle: el.dataset.idle, zoom: el.dataset.zoom }));
    zoom = Number(state.zoom);
    if (state.idle === 'true' && predicate(zoom)) return zoom;
    await page.waitForTimeout(100);
  }
  throw new Error(`map zoom did not settle as expected within ${timeout} ms (last data-zoom ${zoom})`);
}

export interface PixelStats {
  width: number;
  height: number;
  /** Mean of the per-channel variance of R, G, B over the sampled pixels (0 for a flat image). */
  variance: number;
  /** Distinct colours among the sampled pixels, quantised to 4 bits per channel. */
  distinctColours: number;
}

/**
 * Reads the map canvas (created with preserveDrawingBuffer, so toDataURL has the last frame),
 * draws it on a 2D canvas and measures how much the pixels differ: a blank or single-colour
 * canvas has variance ~0; land and sea together give a large variance.
 */
export async function mapCanvasStats(page: Page): Promise<PixelStats> {
  return page.locator('[data-testid="map"] canvas.maplibregl-canvas').first().evaluate(async (canvas: HTMLCanvasElement) => {
    const img = new Image();
    img.src = canvas.toDataURL('image/png');
    await img.decode();
    const w = Math.min(img.width, 400);
    const h = Math.round((img.height * w) / img.width);
    const c2 = document.createElement('canvas');
    c2.width = w;
    c2.height = h;
    const ctx = c2.getContext('2d');
    if (!ctx || w === 0 || h === 0) return { width: img.width, height: img.height, variance: 0, distinctColours: 0 };
    ctx.drawImage(img, 0, 0, w, h);
    const { data } = ctx.getImageData(0, 0, w, h);
    const n = w * h;
    const sum = [0, 0, 0];
    const sq = [0, 0, 0];
    const colours = new Set<number>();
    for (let i = 0; i < data.length; i += 4) {
      for (let ch = 0; ch < 3; ch++) {
        const v = data[i + ch] ?? 0;
        sum[ch]! += v;
        sq[ch]! += v * v;
      }
      colours.add((((data[i] ?? 0) >> 4) << 8) | (((data[i + 1] ?? 0) >> 4) << 4) | ((data[i + 2] ?? 0) >> 4));
    }
    let variance = 0;
    for (let ch = 0; ch < 3; ch++) variance += sq[ch]! / n - (sum[ch]! / n) ** 2;
    return { width: img.width, height: img.height, variance: variance / 3, distinctColours: colours.size };
  });
}
