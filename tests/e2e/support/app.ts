// Shared pieces of the browser tests: one app server and one browser per viewport, the URL
// patterns of the provider API that does not exist yet, and small page helpers.
import type { Page } from 'playwright-core';
import type { ConfigBundle } from '../../../src/engine/types.ts';
import { launchBrowser, ProblemLog, useOfflineBasemap, type Browser } from './browser.ts';
import type { RunningApp } from './server.ts';

/**
 * Requests to the provider backend (SPEC.md §7: /{product}/v2/router, /geoserver/..., the data assets) fail with
 * 404 until it exists: their network failures (and the browser's console echo of them) are the
 * only tolerated problems. Everything else (page errors, other console errors) fails a test.
 */
export function providerApiPatterns(bundle: ConfigBundle): RegExp[] {
  const { product, backend } = bundle.app;
  const prefix = (p: string) => p.replace(/\{product\}/g, product).replace(/\/[^/]*$/, '/');
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  // The bundled data files (backend.assets) come from the database too: without it they fail.
  const assets = backend.assets ? [new RegExp(`^https?://[^/]+${escape(backend.assets)}/`)] : [];
  return [new RegExp(`^https?://[^/]+${escape(prefix(backend.router))}`), new RegExp(`^https?://[^/]+${escape(backend.geoserver.replace(/\{product\}/g, product))}`), /^https?:\/\/[^/]+\/geoserver\//, ...assets];
}

export interface BrowserSession {
  browser: Browser;
  page: Page;
  log: ProblemLog;
  close: () => Promise<void>;
}

/** A fresh browser with one page whose problems are recorded; offline base map unless `basemapUnset`. */
export async function openSession(viewport: { width: number; height: number }, options: { basemapUnset?: boolean } = {}): Promise<BrowserSession> {
  const browser = await launchBrowser(viewport);
  if (!options.basemapUnset) await useOfflineBasemap(browser.context);
  const page = browser.context.pages()[0] ?? (await browser.context.newPage());
  const log = new ProblemLog(page);
  return { browser, page, log, close: () => browser.close() };
}

/** Navigates and waits for the topic heading (h1) of a topic page. */
export async function gotoTopic(page: Page, app: RunningApp, path: string, title: string): Promise<void> {
  await page.goto(app.url(path));
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
}

/**
 * Waits until the topic page is drawn (in the map layout, the sidebar's content comes once the
 * map exists: MapLayout) and no picker shows its loading skeleton (lists answered or failed).
 */
export async function waitForPickersSettled(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const sidebar = document.querySelector('.sidebar-content');
    return (!sidebar || sidebar.childElementCount > 0) && !document.querySelector('.picker[aria-busy="true"]');
  });
}

/** Chooses `value` (default: the first option) in a picker once its list is there; returns it. */
export async function choosePicker(page: Page, id: string, value?: string): Promise<string> {
  await waitForPickersSettled(page);
  const select = page.locator(`.picker[data-picker="${id}"] select`).last();
  const options = select.locator('option[value]:not([value=""])');
  await options.first().waitFor({ state: 'attached' });
  const v = value ?? (await options.first().getAttribute('value'))!;
  await select.selectOption(v);
  return v;
}

/** Client-side navigation (react-router listens to popstate), without reloading the page. */
export async function navigateInApp(page: Page, url: string): Promise<void> {
  await page.evaluate((target) => {
    window.history.pushState(null, '', target);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, url);
}

/** A URL predicate for page.waitForURL: the same path, whatever query the map state adds. */
export function atPath(url: string): (candidate: URL) => boolean {
  const want = new URL(url).pathname.replace(/\/+$/, '');
  return (candidate) => candidate.pathname.replace(/\/+$/, '') === want;
}
