// The coastline topic flows of issue 4 (topics-layers.test.ts, topics-changearea.test.ts): one
// app on the sample database, the same app without a backend (every provider call fails), one
// browser page, the requests it sends, and the steps the flows repeat. The suite's objects are live
// bindings set by useCoastlineSuite() for the test file that calls it.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type { Page, Request } from 'playwright-core';
import { openSampleDatabase, type TestDatabase } from '../../server/db/testDatabase.ts';
import { describeProblems, waitForMapIdle } from './browser.ts';
import { elementPixels, mapCanvas } from './drawer.ts';
import { navigateInApp, openSession, waitForPickersSettled, type BrowserSession } from './app.ts';
import { CONFIG_DIR, ROOT_DIR, startApp, type RunningApp } from './server.ts';

const SHOTS = process.env.TOPICS_SHOTS ?? path.join(ROOT_DIR, 'test-results', 'topics-layers');
mkdirSync(SHOTS, { recursive: true });

/** The validation messages of SPEC.md §5. */
export const MSG = {
  province: 'กรุณาเลือกจังหวัด',
  differ: 'กรุณาเลือกปีเริ่มต้นและปีสิ้นสุดที่แตกต่างกัน',
  ordered: 'กรุณาเลือกปีเริ่มต้นและปีสิ้นสุดให้ถูกต้อง',
  island: 'กรุณาเลือกเกาะ',
  lakeIsland: 'กรุณาเลือกเกาะทะเลสาบสงขลาก่อน',
};
export type RGB = [number, number, number];
export const EROSION: RGB = [0xff, 0x00, 0x00];
export const ACCRETION: RGB = [0x2a, 0xa7, 0xfe];

/** Every request the page sends to the backend, with its decoded parameters. */
export class Requests {
  readonly all: Array<{ method: string; url: URL; params: URLSearchParams }> = [];
  constructor(page: Page) {
    page.on('request', (r: Request) => {
      const url = new URL(r.url());
      if (!/\/geoserver\/|\/v2\/router/.test(url.pathname)) return;
      const params = new URLSearchParams(url.search);
      const body = r.postData();
      if (body) for (const [k, v] of new URLSearchParams(body)) params.append(k, v);
      this.all.push({ method: r.method(), url, params });
    });
  }
  clear(): void {
    this.all.length = 0;
  }
  /** CQL_FILTER of the WMS GetMap tiles of a layer (distinct). */
  wmsCql(layers: string): Array<string | null> {
    const tiles = this.all.filter((r) => r.url.pathname.endsWith('/wms') && r.params.get('REQUEST') === 'GetMap' && r.params.get('LAYERS') === layers);
    return [...new Set(tiles.map((r) => r.params.get('CQL_FILTER')))];
  }
  /** WFS 1.0.0 GetFeature requests of a type: method and viewparams. */
  wfs(typeName: string): Array<{ method: string; viewparams: string | null; version: string | null }> {
    return this.all
      .filter((r) => r.url.pathname.endsWith('/ows') && r.params.get('request') === 'GetFeature' && r.params.get('typeName') === typeName)
      .map((r) => ({ method: r.method, viewparams: r.params.get('viewparams'), version: r.params.get('version') }));
  }
  router(page: string): URLSearchParams[] {
    return this.all.filter((r) => r.url.pathname.endsWith('/router') && r.params.get('page') === page).map((r) => r.params);
  }
}

export const pickerSelect = (page: Page, id: string) => page.locator(`.picker[data-picker="${id}"] select`).last();


export async function pick(page: Page, id: string, value: string): Promise<void> {
  await waitForPickersSettled(page);
  await pickerSelect(page, id).locator(`option[value="${value}"]`).waitFor({ state: 'attached' });
  await pickerSelect(page, id).selectOption(value);
}

export const row = (page: Page, id: string) => page.locator(`.toggle-row[data-row="${id}"]`);

/** Clicks a row's button and waits until it stops loading; returns its state and button text. */
export async function toggle(page: Page, id: string): Promise<{ state: string | null; text: string }> {
  await row(page, id).locator('button').click();
  await page.waitForFunction((rowId) => document.querySelector(`.toggle-row[data-row="${rowId}"]`)?.getAttribute('data-state') !== 'loading', id, { timeout: 30_000 });
  return { state: await row(page, id).getAttribute('data-state'), text: ((await row(page, id).locator('button').textContent()) ?? '').trim() };
}

export async function alertText(page: Page): Promise<string[]> {
  return (await page.locator('.variant-body [role="alert"]').allTextContents()).map((t) => t.trim());
}

/** Waits until a tile of `layers` was requested with exactly this CQL_FILTER. */
export async function expectWmsCql(requests: Requests, layers: string, cql: string): Promise<void> {
  try {
    await expect.poll(() => requests.wmsCql(layers), { timeout: 30_000 }).toContain(cql);
  } catch (error) {
    const seen = [...new Set(requests.all.map((r) => `${r.method} ${r.url.pathname} ${r.params.get('LAYERS') ?? r.params.get('page') ?? ''} ${r.params.get('CQL_FILTER') ?? ''}`))];
    throw new Error(`no tile of ${layers} with ${cql}; requests seen since the flow began:\n${seen.join('\n')}`, { cause: error });
  }
  expect(requests.wmsCql(layers)).toEqual([cql]);
}

/** Pixels of the map canvas within `tol` of a colour in every channel (deck.gl draws into the same canvas). */
export async function countColour(page: Page, rgb: RGB, tol = 40): Promise<number> {
  const { data } = (await elementPixels(mapCanvas(page))).png;
  let n = 0;
  for (let i = 0; i < data.length; i += 4) {
    if (Math.abs(data[i]! - rgb[0]) <= tol && Math.abs(data[i + 1]! - rgb[1]) <= tol && Math.abs(data[i + 2]! - rgb[2]) <= tol) n++;
  }
  return n;
}

export async function expectDrawn(page: Page, rgb: RGB, what: string): Promise<void> {
  await expect.poll(() => countColour(page, rgb), { timeout: 30_000, message: `${what} drawn on the map canvas` }).toBeGreaterThan(20);
}

export async function shot(page: Page, name: string): Promise<void> {
  // Tiles drawn (bounded: a screenshot of a still-loading map is still worth looking at).
  await waitForMapIdle(page, 6_000).catch(() => undefined);
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

/**
 * Opens a page: in-app navigation when the app of this origin is already loaded (faster, as a
 * user clicks a tab or menu tile; leaving a page removes its layers), a full load otherwise.
 */
export async function open(s: BrowserSession, app: RunningApp, pathUnderBase: string): Promise<void> {
  const { page } = s;
  const loaded = page.url().startsWith(app.origin) && (await page.locator('.variant-body').count()) > 0;
  if (loaded) await navigateInApp(page, app.url(pathUnderBase));
  else await page.goto(app.url(pathUnderBase));
  await page.locator(`.variant-body[data-page="${pathUnderBase.includes('/') ? pathUnderBase : `${pathUnderBase}/`}"]`).waitFor();
  await waitForPickersSettled(page);
}

export let database: TestDatabase;
export let app: RunningApp;
export let s: BrowserSession;
export let requests: Requests;
/** The same app without a backend: every provider call fails. */
export let stopped: RunningApp;

export const noProblems = () => expect(describeProblems(s.log.unexpected())).toBe('');

/** Starts the apps and the browser before the file's tests and closes them after; a failing flow
 *  leaves a picture of the page behind. */
export function useCoastlineSuite(): void {
  beforeAll(async () => {
    database = await openSampleDatabase();
    [app, stopped] = await Promise.all([startApp(CONFIG_DIR, { db: database.db }), startApp()]);
    s = await openSession({ width: 1280, height: 800 });
    s.browser.context.setDefaultTimeout(30_000);
    requests = new Requests(s.page);
  });
  afterAll(async () => {
    await s?.close();
    await app?.close();
    await stopped?.close();
    await database?.close();
  });
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail') await s.page.screenshot({ path: path.join(SHOTS, `FAILED-${task.name.slice(0, 40).replace(/[^\w-]+/g, '_')}.png`) }).catch(() => undefined);
  });
}
