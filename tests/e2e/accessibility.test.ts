// Accessibility of the whole product (issue 11 item 4), in Chromium against the sample database:
// axe-core (WCAG 2.x A/AA and best practices, every rule it runs by default) on every route and
// variant of SPEC.md §2 (from the config, so a new topic is checked with no change here), the
// home redirect, the proposal wizard's three steps and its map and beach-system modals, the top
// menu's dialogs (menu, layers, base map, export), the measure panel and its result popup, and the
// feature drawer after a map click: zero violations at any impact. Then a keyboard-only walk
// through /cmline (Tab to the pickers, choose with the arrow keys, show a year layer, Enter on the
// focused map opens the feature drawer at the map's centre, Escape closes it) and through the
// wizard (type step 1's fields, ถัดไป, ย้อนกลับ).
//
// One browser and one page for the whole file; topic pages are reached by in-app navigation, so
// the app loads a few times only (CI time is tight).
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axe, expectNoViolations, type AxeViolation } from './support/axe.ts';
import { DESKTOP, MOBILE, waitForMapIdle } from './support/browser.ts';
import { atPath, navigateInApp, openSession, waitForPickersSettled, type BrowserSession } from './support/app.ts';
import { useSampleApp } from './support/sampleApp.ts';
import { allRoutes, CONFIG_DIR, loadBundle, type RunningApp } from './support/server.ts';
import { th } from '../../src/locale/th.ts';
import { thPlaceSearch } from '../../src/locale/placeSearch.ts';

const bundle = await loadBundle(CONFIG_DIR);
const routes = allRoutes(bundle);
const form = bundle.forms.find((f) => f.id === 'proposal')!;
const sampleApp = useSampleApp();
const SHOTS = path.join(process.cwd(), 'test-results', 'accessibility');
mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SHOTS, `${name}.png`) });

const picker = (page: Page, id: string) => page.locator(`.picker[data-picker="${id}"] select`).last();
async function choose(page: Page, id: string): Promise<void> {
  await waitForPickersSettled(page);
  const select = picker(page, id);
  await select.locator('option[value]:not([value=""])').first().waitFor({ state: 'attached' });
  await select.selectOption((await select.locator('option[value]:not([value=""])').first().getAttribute('value'))!);
  await waitForPickersSettled(page);
}

/** Presses Tab (at most `max` times) until the focused element matches `selector` (and has the
 *  text `text`, when given); fails with what has the focus otherwise. */
async function tabTo(page: Page, selector: string, what: string, options: { text?: string; max?: number } = {}): Promise<void> {
  const max = options.max ?? 80;
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const hit = await page.evaluate(
      ({ selector, text }) => {
        const el = document.activeElement;
        return !!el && el.matches(selector) && (text === undefined || el.textContent?.trim() === text);
      },
      { selector, text: options.text },
    );
    if (hit) return;
  }
  throw new Error(`${what} not reached with ${max} Tab presses (focus on ${await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 200))})`);
}

describe('accessibility: axe-core on every screen, keyboard-only walk-throughs (issue 11 item 4)', { timeout: 120_000 }, () => {
  let s: BrowserSession;
  let app: RunningApp;
  beforeAll(async () => {
    app = sampleApp();
    s = await openSession(DESKTOP);
  });
  afterAll(async () => {
    await s?.close();
  });

  it('every route and variant of SPEC §2 (and the home redirect): zero violations', async () => {
    const { page } = s;
    const found: AxeViolation[] = [];
    await page.goto(app.url(''));
    await page.waitForURL(atPath(app.url(bundle.app.defaultRoute ?? 'cmline')));
    await page.locator('.maplibregl-canvas').waitFor();
    for (const r of routes) {
      await navigateInApp(page, app.url(r.path));
      await page.waitForURL(atPath(app.url(r.path)));
      if (r.path === 'project/form') await page.locator('.proposal-form').waitFor();
      else await page.getByRole('heading', { level: 1, name: r.title }).waitFor();
      await waitForPickersSettled(page);
      found.push(...(await axe(page, `/maps/${r.path}`)));
    }
    expectNoViolations(found);
  });

  it('the collapsed sidebar, the top menu dialogs (menu, layers with rows, base map, export report) and the place search results: zero violations', async () => {
    const { page } = s;
    const found: AxeViolation[] = [];
    await page.goto(app.url('cmline'));
    await waitForPickersSettled(page);
    // The sidebar collapsed (its content inert), then open again.
    await page.getByRole('button', { name: th.collapseSidebar, exact: true }).click();
    const expand = page.getByRole('button', { name: `TCS ${th.adminCard} (${th.expandSidebar})`, exact: true });
    await expand.waitFor();
    found.push(...(await axe(page, 'sidebar collapsed')));
    await shot(page, 'sidebar-collapsed');
    await expand.click();
    await page.getByRole('button', { name: th.collapseSidebar, exact: true }).waitFor();
    for (const [button, name] of [
      [th.topMenu.menu, th.mainMenu],
      [th.topMenu.layers, th.layerPanel],
      [th.topMenu.basemap, th.basemapPanel],
    ] as const) {
      await page.getByRole('toolbar').getByRole('button', { name: button }).click();
      const dialog = page.getByRole('dialog', { name });
      await dialog.waitFor();
      found.push(...(await axe(page, `dialog ${name}`)));
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
    }
    // With layers: a year layer shown, then the layer list and the export report.
    await choose(page, 'province');
    await page.locator('.year-layers').getByRole('button', { name: th.show }).first().click();
    await page.getByRole('toolbar').getByRole('button', { name: `${th.topMenu.layers} 1` }).waitFor();
    await shot(page, 'top-menu-layers-1');
    await page.getByRole('toolbar').getByRole('button', { name: th.topMenu.layers }).click();
    await page.getByRole('dialog', { name: th.layerPanel }).locator('li').first().waitFor();
    found.push(...(await axe(page, `dialog ${th.layerPanel} (1 layer)`)));
    await page.keyboard.press('Escape');
    // The place search of the top menu with its results open.
    await page.getByRole('combobox', { name: thPlaceSearch.label }).fill('เกาะชาง');
    await page.getByRole('listbox', { name: thPlaceSearch.results }).getByRole('option').first().waitFor();
    found.push(...(await axe(page, 'place search results')));
    await page.keyboard.press('Escape');
    await page.getByRole('toolbar').getByRole('button', { name: th.topMenu.export }).click();
    const report = page.getByRole('dialog', { name: th.exportDialog.title });
    await report.waitFor();
    await report.locator('.maplibregl-canvas').first().waitFor();
    await page.waitForTimeout(500);
    found.push(...(await axe(page, `dialog ${th.exportDialog.title}`)));
    await page.keyboard.press('Escape');
    expectNoViolations(found);
  });

  it('the measure panel, its results and popup, and the feature drawer after a map click: zero violations', async () => {
    const { page } = s;
    const found: AxeViolation[] = [];
    await waitForMapIdle(page);
    await page.getByRole('button', { name: th.measure.toggle }).click();
    const panel = page.getByRole('region', { name: th.measure.title });
    await panel.waitFor();
    found.push(...(await axe(page, 'measure panel')));
    await panel.getByRole('button', { name: th.measure.create }).click();
    const box = (await page.getByTestId('map').boundingBox())!;
    for (const [fx, fy] of [[0.3, 0.2], [0.7, 0.25], [0.5, 0.45]] as const) {
      await page.mouse.click(box.x + box.width * fx, box.y + box.height * fy);
      await page.waitForTimeout(350); // not a double-click
    }
    await panel.getByTestId('measure-area').waitFor();
    found.push(...(await axe(page, 'measure panel with 3 points')));
    await panel.getByRole('button', { name: th.measure.finish }).click();
    await page.locator('.measure-result-popup').waitFor();
    found.push(...(await axe(page, 'measure result popup')));
    await page.locator('.measure-result-popup').getByRole('button', { name: th.measure.remove }).click();
    await page.getByRole('button', { name: th.measure.toggle }).click();
    await panel.waitFor({ state: 'hidden' });

    // The drawer with content: the GetFeatureInfo answer of the click is a coastline feature.
    await page.route(
      (u) => u.pathname.endsWith('/v2/router') && u.searchParams.get('page') === 'wms',
      (route) =>
        route.fulfill({
          contentType: 'application/json',
          body: JSON.stringify({ type: 'FeatureCollection', features: [{ type: 'Feature', id: 'cmline_2567.3', geometry: null, properties: { gid: 3, prv_name: 'สงขลา', amp_name: 'สิงหนคร', tam_name: 'ชิงโค', line_year: 2567, shape_leng: 2500.25 } }] }),
        }),
    );
    await page.mouse.click(box.x + box.width * 0.5, box.y + box.height * 0.6);
    const drawer = page.getByRole('complementary', { name: th.featureInfo });
    await drawer.getByTestId('feature-info').waitFor();
    found.push(...(await axe(page, 'feature drawer')));
    await drawer.getByRole('button', { name: th.close }).click();
    await page.unrouteAll();
    expectNoViolations(found);
  });

  it('/cmline-changearea with its erosion chart and table, and the export report with the chart page: zero violations', async () => {
    const { page } = s;
    const found: AxeViolation[] = [];
    await page.goto(app.url('cmline-changearea'));
    await waitForPickersSettled(page);
    await page.getByLabel('จังหวัด', { exact: true }).selectOption('90');
    await page.getByLabel('ปีเริ่มต้น', { exact: true }).selectOption('2562');
    await page.getByLabel('ปีสิ้นสุด', { exact: true }).selectOption('2567');
    const erosion = page.locator('li').filter({ has: page.getByText('พื้นที่กัดเซาะ', { exact: true }) });
    await erosion.getByRole('button').click();
    await erosion.getByRole('button', { name: th.hide }).waitFor({ timeout: 30_000 });
    const chart = page.getByTestId('chart-erosion-chart');
    await chart.locator('.vega-chart[data-state="ready"] svg').waitFor({ timeout: 30_000 });
    found.push(...(await axe(page, '/maps/cmline-changearea with the erosion chart')));
    await shot(page, 'changearea-chart');
    await page.getByRole('toolbar').getByRole('button', { name: th.topMenu.export }).click();
    const report = page.getByRole('dialog', { name: th.exportDialog.title });
    await report.locator('.vega-chart[data-state="ready"] svg').first().waitFor({ timeout: 30_000 });
    found.push(...(await axe(page, `dialog ${th.exportDialog.title} with the chart page`)));
    await page.keyboard.press('Escape');
    expectNoViolations(found);
  });

  it('the GPS popup, a CCTV camera popup (live video and link) and the not-found page: zero violations', async () => {
    const { page } = s;
    const found: AxeViolation[] = [];
    await page.goto(app.url('cmline'));
    await waitForMapIdle(page);
    await s.browser.context.grantPermissions(['geolocation'], { origin: app.origin });
    await s.browser.context.setGeolocation({ latitude: 13.0402201, longitude: 102.1102309, accuracy: 12 });
    await page.getByRole('button', { name: th.gps.toggle }).click();
    await page.locator('.gps-popup').waitFor();
    found.push(...(await axe(page, 'GPS popup')));
    await page.getByRole('button', { name: th.gps.toggle }).click();
    await page.locator('.gps-marker').waitFor({ state: 'detached' });
    await s.browser.context.clearPermissions();

    // A camera of the /cctv list: the map fits it, its pin is at the centre; a click opens its popup.
    await page.goto(app.url('cctv?qa=1'));
    const items = page.locator('.feature-list button');
    await expect.poll(() => items.count(), { timeout: 30_000 }).toBeGreaterThan(3);
    await items.nth(3).click();
    await waitForMapIdle(page);
    await expect.poll(() => page.evaluate(() => (window.__qa?.drawnFeatures('cctv') ?? []).length), { timeout: 30_000 }).toBeGreaterThan(0);
    await page.waitForTimeout(300);
    await waitForMapIdle(page);
    const box = (await page.locator('[data-testid="map"] canvas.maplibregl-canvas').first().boundingBox())!;
    const pins = (await page.evaluate(() => window.__qa?.drawnFeatures('cctv') ?? [])) as Array<{ point: [number, number] }>;
    const centre = pins.sort((a, b) => Math.hypot(a.point[0] - box.width / 2, a.point[1] - box.height / 2) - Math.hypot(b.point[0] - box.width / 2, b.point[1] - box.height / 2))[0]!;
    await page.mouse.click(box.x + centre.point[0], box.y + centre.point[1] - 16);
    await page.locator('.maplibregl-popup .station-popup').waitFor();
    found.push(...(await axe(page, 'CCTV popup')));

    await page.goto(app.url('no-such-page'));
    await page.getByRole('heading', { level: 1, name: th.notFound.title }).waitFor();
    found.push(...(await axe(page, 'not-found page')));
    expectNoViolations(found);
  });

  it('the proposal wizard, steps 1-3 and its map and beach-system modals: zero violations', async () => {
    const { page } = s;
    const found: AxeViolation[] = [];
    for (const step of [1, 2, 3]) {
      await page.evaluate(
        ([key, value]) => window.localStorage.setItem(key, value),
        ['coastal_project_form_cache', JSON.stringify({ version: 1, formId: 'proposal', step, data: step === 3 ? { budgetSourceOption: 'hasBudget' } : {}, savedAt: new Date().toISOString() })] as const,
      );
      await page.goto(app.url('project/form'));
      await page.getByRole('heading', { level: 3, name: `ขั้นตอนที่ ${step} จาก 3: ${form.steps[step - 1]!.title}` }).waitFor();
      found.push(...(await axe(page, `/maps/project/form step ${step}`)));
      if (step === 1) {
        // With the required-field errors shown.
        await page.getByRole('button', { name: 'ถัดไป' }).click();
        await page.getByRole('alert').first().waitFor();
        found.push(...(await axe(page, '/maps/project/form step 1 with errors')));
      }
      if (step === 2) {
        await page.getByRole('button', { name: 'เลือกจากแผนที่: จุดเริ่มต้น' }).click();
        const map = page.getByRole('dialog', { name: 'เลือกตำแหน่งจากแผนที่' });
        await map.locator('canvas.maplibregl-canvas').waitFor();
        found.push(...(await axe(page, 'dialog เลือกตำแหน่งจากแผนที่')));
        await page.keyboard.press('Escape');
        await map.waitFor({ state: 'hidden' });
        await page.getByRole('button', { name: 'เลือกกลุ่มหาด' }).first().click();
        const beach = page.getByRole('dialog', { name: 'เลือกกลุ่มหาด' });
        await beach.waitFor();
        await waitForPickersSettled(page);
        found.push(...(await axe(page, 'dialog เลือกกลุ่มหาด')));
        await page.keyboard.press('Escape');
        await beach.waitFor({ state: 'hidden' });
      }
    }
    await page.evaluate(() => window.localStorage.removeItem('coastal_project_form_cache'));
    expectNoViolations(found);
  });

  it('keyboard only on /cmline: Tab to the pickers, arrow keys choose, Enter shows a year layer, Enter on the map opens the drawer, Escape closes it', async () => {
    const { page } = s;
    await page.goto(app.url('cmline'));
    await waitForPickersSettled(page);
    await picker(page, 'province').locator('option[value="90"]').waitFor({ state: 'attached' });
    await tabTo(page, '.picker[data-picker="province"] select', 'the province picker');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => picker(page, 'province').inputValue()).not.toBe('');
    await waitForPickersSettled(page);
    await picker(page, 'district').locator('option[value]:not([value=""])').first().waitFor({ state: 'attached' });
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('.picker')?.getAttribute('data-picker'))).toBe('district');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => picker(page, 'district').inputValue()).not.toBe('');
    await waitForPickersSettled(page);
    await tabTo(page, '.year-layers button', 'the first year layer button');
    await page.keyboard.press('Enter');
    await page.getByRole('toolbar').getByRole('button', { name: `${th.topMenu.layers} 1` }).waitFor();

    // The map takes focus from the keyboard; Enter asks for the features at its centre.
    await tabTo(page, '.map-view canvas.maplibregl-canvas', 'the map');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-keyshortcuts'))).toBe('Enter');
    await shot(page, 'keyboard-map-focused');
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('complementary', { name: th.featureInfo });
    await drawer.locator('[data-info-status]').first().waitFor();
    expect(await page.getByTestId('feature-drawer').getAttribute('aria-hidden')).toBe('false');
    await page.waitForTimeout(600); // the drawer's slide-in
    await shot(page, 'keyboard-drawer-open');
    await page.keyboard.press('Escape');
    await page.locator('[data-testid="feature-drawer"][aria-hidden="true"]').waitFor({ state: 'attached' });
    // Focus goes back to where the drawer was opened from.
    expect(await page.evaluate(() => document.activeElement?.classList.contains('maplibregl-canvas'))).toBe(true);
  });

  it('keyboard only in the wizard: type step 1, ถัดไป, then ย้อนกลับ keeps what was typed', async () => {
    const { page } = s;
    await page.evaluate(() => window.localStorage.removeItem('coastal_project_form_cache'));
    await page.goto(app.url('project/form'));
    await page.locator('.proposal-form').waitFor();
    await tabTo(page, '#root_projectName', 'ชื่อโครงการ');
    await page.keyboard.type('โครงการทดสอบด้วยแป้นพิมพ์');
    const typeInto = async (id: string, text: string) => {
      await tabTo(page, `#root_${id}`, id, { max: 10 });
      await page.keyboard.type(text);
    };
    await typeInto('coastalErosionStatus', 'ชายฝั่งถูกกัดเซาะ');
    await tabTo(page, '#root_coastalErosionCode', 'สถานภาพชายฝั่ง', { max: 10 });
    await page.keyboard.press('ArrowDown');
    await typeInto('agenciesInformation', 'สำรวจโดยหน่วยงาน');
    await typeInto('erosionLength', '1250');
    await typeInto('existingCoastalProtectionStructures', 'ไม่มี');
    await typeInto('projectObjectives', 'ป้องกันการกัดเซาะ');
    // Radio groups: Tab enters the group, Space picks the focused option.
    await tabTo(page, '#root_projectType input', 'ประเภทโครงการ', { max: 10 });
    await page.keyboard.press('Space');
    await tabTo(page, '#root_hasConstructionPlan input', 'แผนการก่อสร้าง', { max: 10 });
    await page.keyboard.press('Space');
    await tabTo(page, 'button', 'ถัดไป', { text: 'ถัดไป', max: 10 });
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 3, name: `ขั้นตอนที่ 2 จาก 3: ${form.steps[1]!.title}` }).waitFor();
    await tabTo(page, '#root_location', 'ที่ตั้ง', { max: 20 });
    await page.keyboard.type('ตำบลทดสอบ');
    await tabTo(page, 'button', 'ย้อนกลับ', { text: 'ย้อนกลับ' });
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 3, name: `ขั้นตอนที่ 1 จาก 3: ${form.steps[0]!.title}` }).waitFor();
    expect(await page.locator('#root_projectName').inputValue()).toBe('โครงการทดสอบด้วยแป้นพิมพ์');
    expect(await page.locator('#root_erosionLength').inputValue()).toBe('1250');
    expect(await page.locator('#root_coastalErosionCode').inputValue()).not.toBe('');
    await page.evaluate(() => window.localStorage.removeItem('coastal_project_form_cache'));
  });

  it('at 390x844: a topic page, its slide-in navigation and the wizard: zero violations', async () => {
    const { page } = s;
    const found: AxeViolation[] = [];
    await page.setViewportSize(MOBILE);
    try {
      await page.goto(app.url('cmline'));
      await waitForPickersSettled(page);
      found.push(...(await axe(page, '390px /maps/cmline')));
      await shot(page, 'mobile-header');
      await page.getByRole('button', { name: th.openNavigation }).click();
      await page.getByRole('button', { name: th.closeNavigation, exact: true }).waitFor();
      await page.waitForTimeout(bundle.app.delays.mobileSlideMs + 100);
      found.push(...(await axe(page, '390px /maps/cmline, navigation open')));
      await shot(page, 'mobile-navigation');
      await page.goto(app.url('project/form'));
      await page.locator('.proposal-form').waitFor();
      found.push(...(await axe(page, '390px /maps/project/form')));
    } finally {
      await page.setViewportSize(DESKTOP);
    }
    expectNoViolations(found);
  });
});
