// Every route and variant of the config (SPEC.md §2 Route table, Sidebar screen bodies) renders
// its Thai title, its variant tabs and its pickers with no page error and no console error
// except the network failures of the provider API, which does not exist yet (SPEC.md §7, §8:
// failed lists show '--'). The route list comes from the loaded config, not from this file.
//
// Desktop: each topic is loaded directly (a deep link), then its variants are opened by their tabs.
// Phone: one load, then in-app navigation to every page, which also checks that leaving a page
// leaves nothing broken behind.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, describeProblems, MOBILE } from './support/browser.ts';
import { navigateInApp, openSession, providerApiPatterns, waitForPickersSettled, type BrowserSession, atPath } from './support/app.ts';
import { allRoutes, CONFIG_DIR, loadBundle, startApp, type RunningApp } from './support/server.ts';

const bundle = await loadBundle(CONFIG_DIR);
const routes = allRoutes(bundle);
const allowed = providerApiPatterns(bundle);

let app: RunningApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.close();
});

type RouteCase = (typeof routes)[number];

/** The page shows the topic's Thai title, the current variant tab and a labelled control per picker. */
async function expectRouteRendered(page: Page, r: RouteCase): Promise<void> {
  const topic = bundle.topics.find((t) => t.route === r.route)!;
  await page.getByRole('heading', { level: 1, name: r.title }).waitFor();
  await expect.poll(() => page.title()).toBe(bundle.app.title.replace(/\{product\}/g, bundle.app.product));

  const tabs = topic.variants.filter((v) => v.tab);
  if (tabs.length > 1) {
    const nav = page.getByRole('navigation', { name: `${topic.title.th}: รูปแบบ`, exact: true });
    expect(await nav.getByRole('link').count()).toBe(tabs.length);
    // The URL changes before React renders the new page: poll until the highlight follows it.
    const current = nav.locator('a[aria-current="page"]');
    const expected = r.variant.tab ? [r.variant.tab.th] : [];
    await expect.poll(async () => (await current.allInnerTexts()).map((t) => t.trim()), { message: `current tab on ${r.path}` }).toEqual(expected.length ? expected : [expect.any(String)]);
  }

  const labels = () => page.locator('.picker > label').allTextContents();
  await expect.poll(async () => (await labels()).map((l) => l.trim()), { message: `picker labels on ${r.path}` }).toEqual(r.variant.pickers.map((p) => p.label));
  await waitForPickersSettled(page);
  for (const picker of r.variant.pickers) {
    const control = page.getByLabel(picker.label, { exact: true });
    expect(await control.count(), `${r.path}: one control labelled ${picker.label}`).toBe(1);
    const tag = await control.evaluate((el) => el.tagName.toLowerCase());
    // A toggle picker is a checkbox (issue 14); every other kind a select.
    expect(tag, `${r.path}: ${picker.label}`).toBe(picker.kind === 'toggle' ? 'input' : 'select');
    if (picker.source && 'router' in picker.source) {
      // No provider backend yet: a failed list shows its failure text (SPEC.md §8), never a blank.
      const text = (await control.locator('option').first().innerText()).trim();
      expect(text.length, `${r.path}: ${picker.label} shows something`).toBeGreaterThan(0);
    }
  }
}

describe('every route and variant of the config at desktop 1280x800 (deep link per topic, tabs for its variants)', () => {
  let s: BrowserSession;
  beforeAll(async () => {
    s = await openSession(DESKTOP);
  });
  afterAll(async () => {
    await s?.close();
  });

  it('the config has the SPEC §2 routes', () => {
    expect(routes.length).toBeGreaterThanOrEqual(30);
    for (const route of ['cmline', 'cmline/island', 'cmline/songkhla-lake-land', 'cmline/songkhla-lake-island', 'shoreline', 'cmline-changerate/songkhla/island', 'dashboard/beach', 'cctv', 'project', 'project/form']) {
      expect(routes.map((r) => r.path)).toContain(route);
    }
  });

  // One deep link per topic, then its other variants through their tabs, as a visitor does
  // (a variant without a tab is deep-linked too).
  const byTopic = bundle.topics.map((t) => ({ topic: t, pages: routes.filter((r) => r.route === t.route) }));
  it.each(byTopic.map((b) => [b.pages.map((r) => `/maps/${r.path}`).join(', '), b] as const))(
    'SPEC §2 %s: Thai title, variant tabs and pickers, no page or console error',
    async (_name, { topic, pages }) => {
      const [first, ...rest] = pages;
      s.log.clear();
      await s.page.goto(app.url(first!.path));
      await expectRouteRendered(s.page, first!);
      for (const r of rest) {
        const tabs = s.page.getByRole('navigation', { name: `${topic.title.th}: รูปแบบ`, exact: true });
        const tab = r.variant.tab ? tabs.getByRole('link', { name: r.variant.tab.th, exact: true }) : null;
        if (tab && (await tab.count()) === 1) {
          await tab.click();
          await s.page.waitForURL(atPath(app.url(r.path)));
        } else {
          await s.page.goto(app.url(r.path));
        }
        await expectRouteRendered(s.page, r);
      }
      expect(describeProblems(s.log.unexpected(allowed))).toBe('');
    },
  );
});

describe('every route and variant of the config at mobile 390x844 (in-app navigation)', () => {
  let s: BrowserSession;
  beforeAll(async () => {
    s = await openSession(MOBILE);
    await s.page.goto(app.url(routes[0]!.path));
  });
  afterAll(async () => {
    await s?.close();
  });

  it('SPEC §2: every page renders its Thai title and pickers, no page or console error', async () => {
    const failures: string[] = [];
    for (const r of routes) {
      s.log.clear();
      try {
        await navigateInApp(s.page, app.url(r.path));
        await expectRouteRendered(s.page, r);
        const problems = describeProblems(s.log.unexpected(allowed));
        if (problems) failures.push(`${r.path}:\n${problems}`);
      } catch (error) {
        failures.push(`${r.path}: ${String(error)}`);
      }
    }
    expect(failures).toEqual([]);
  });
});

describe.each([
  { name: 'desktop 1280x800', viewport: DESKTOP },
  { name: 'mobile 390x844', viewport: MOBILE },
])('SPEC §4 location pickers at $name', ({ viewport }) => {
  let s: BrowserSession;
  beforeAll(async () => {
    s = await openSession(viewport);
  });
  afterAll(async () => {
    await s?.close();
  });

  it("/maps/cmline: อำเภอ and ตำบล are disabled while จังหวัด is not chosen; with no backend จังหวัด shows '--'", async () => {
    s.log.clear();
    await s.page.goto(app.url('cmline'));
    await waitForPickersSettled(s.page);
    const province = s.page.getByLabel('จังหวัด', { exact: true });
    const district = s.page.getByLabel('อำเภอ', { exact: true });
    const subdistrict = s.page.getByLabel('ตำบล', { exact: true });
    expect(await province.isDisabled()).toBe(true); // its list failed: nothing to choose
    expect((await province.locator('option').allInnerTexts()).map((t) => t.trim())).toEqual(['--']);
    expect(await province.inputValue()).toBe('--');
    expect(await district.isDisabled()).toBe(true);
    expect(await subdistrict.isDisabled()).toBe(true);
    // The dependents did not even ask the backend for their lists.
    const asked = s.log.all.filter((p) => p.kind === 'http').map((p) => p.url ?? '');
    expect(asked.some((u) => /list=province/.test(u))).toBe(true);
    expect(asked.filter((u) => /list=(amphur|tambon)/.test(u))).toEqual([]);
    expect(describeProblems(s.log.unexpected(allowed))).toBe('');
  });
});
