// Issue 24 defect 4: the feature drawer speaks Thai (SPEC.md §2 Feature drawer, §3 Feature
// properties, §9 "Thai locale with Buddhist-era year for dates"). On every topic page that opens a
// drawer, one feature of each layer kind is clicked (shoreline lines, erosion/accretion areas,
// change rates by transect, islands, beach systems (littoral layers), potential
// areas, structures, coastal status, land use, solutions, CVI, radar currents) and its table must
// show no raw field name, no English code, no ISO date, no internal id and no label twice.
// (Radar and CCTV station pins answer with their own popup, not the drawer: tests/e2e/stations.)
// One browser, one page, pages opened one after the other.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { choosePicker, navigateInApp, waitForPickersSettled } from './support/app.ts';
import { backendSuite } from './support/backendSuite.ts';
import { colourPixel, type Rgb } from './support/drawer.ts';
import { ROOT_DIR } from './support/server.ts';

const SHOTS = path.join(ROOT_DIR, 'test-results', 'visitor-drawer');

const hex = (c: string): Rgb => [parseInt(c.slice(1, 3), 16), parseInt(c.slice(3, 5), 16), parseInt(c.slice(5, 7), 16)];

/** Chooses `value` (else the first real option) of a picker and waits for the lists it drives. */
async function choose(page: Page, id: string, value?: string): Promise<void> {
  await choosePicker(page, id, value);
  await waitForPickersSettled(page);
}

/** Switches a row on and waits until it stops loading. */
async function show(page: Page, selector: string): Promise<void> {
  const button = page.locator(selector).first();
  await button.click();
  await page.waitForFunction(() => !document.querySelector('.toggle-row[data-state="loading"], .year-layers button[aria-busy="true"]'), undefined, { timeout: 30_000 });
}

/** Opens a topic page: in the app once it is loaded (as a visitor follows the menu), else a load. */
async function open(page: Page, url: string): Promise<void> {
  if (page.url().startsWith(new URL(url).origin)) await navigateInApp(page, url);
  else await page.goto(url);
  const route = new URL(url).pathname.split('/').filter(Boolean).slice(1).join('/');
  await page.locator(`.variant-body[data-page="${route.includes('/') ? route : `${route}/`}"]`).waitFor();
  await waitForPickersSettled(page);
}

interface Case {
  kind: string;
  path: string;
  prepare(page: Page): Promise<void>;
  colours: string[];
}

const firstYearRow = '.year-layers button';
const row = (id: string) => `.toggle-row[data-row="${id}"] button`;

// Strong colours only: the pale classes are too close to the base map's land and sea.
const RATE_COLOURS = ['#B2182B', '#EF8A62', '#67A9CF', '#2166AC'];

const CASES: Case[] = [
  { kind: 'shoreline lines', path: 'cmline', colours: ['#E6194B'], prepare: async (p) => { await choose(p, 'province', '90'); await show(p, row('cmline-2567')); } },
  { kind: 'erosion areas', path: 'cmline-changearea', colours: ['#FF0000', '#2AA7FE'], prepare: async (p) => { await choose(p, 'province', '90'); await show(p, row('erosion')); } },
  { kind: 'change rate by transect', path: 'cmline-changerate', colours: RATE_COLOURS, prepare: async (p) => { await choose(p, 'beach-main'); await show(p, firstYearRow); } },
  { kind: 'islands', path: 'cmline-changearea/island', colours: ['#8DB9F2'], prepare: async (p) => { await choose(p, 'province', '84'); await choose(p, 'islands'); await show(p, row('island')); } },
  { kind: 'beach systems', path: 'littoralcell', colours: ['#1B9E77'], prepare: async (p) => { await choose(p, 'beach-main'); await show(p, row('beach')); } },
  { kind: 'potential areas', path: 'potentialarea', colours: ['#1A9850'], prepare: async (p) => { await choose(p, 'beach-main'); await p.getByRole('switch', { name: 'สูง' }).first().check(); } },
  { kind: 'structures', path: 'coastalconstruction', colours: ['#E41A1C', '#377EB8', '#4DAF4A', '#984EA3', '#FF7F00', '#FFD92F', '#A65628', '#999999'], prepare: async (p) => { await choose(p, 'province', '90'); await show(p, firstYearRow); } },
  { kind: 'coastal status', path: 'coastalstatus', colours: ['#1B9E77', '#7F7F7F', '#A6761D', '#66A61E', '#E6AB02', '#A6CEE3', '#1F78B4', '#B2DF8A', '#FDBF6F', '#FF7F00', '#CAB2D6', '#6A3D9A', '#E31A1C', '#33A02C'], prepare: async (p) => { await choose(p, 'province', '90'); await show(p, firstYearRow); } },
  { kind: 'land use', path: 'landuse', colours: ['#F6F6A0', '#C8E07A', '#1A7F37', '#2E8B77', '#E31A1C', '#FB6A4A', '#4A90D9', '#9FD8E8', '#F3E5AB'], prepare: async (p) => { await choose(p, 'province', '90'); await choose(p, 'district'); await show(p, firstYearRow); } },
  { kind: 'solutions', path: 'erosionsolveline', colours: ['#1B9E77', '#D95F02', '#7570B3', '#E7298A'], prepare: async (p) => { await choose(p, 'beach-main'); await show(p, row('group-1')); } },
  { kind: 'CVI', path: 'cvi', colours: ['#1A9641', '#A6D96A', '#FFFFBF', '#FDAE61', '#D7191C'], prepare: async (p) => { await p.getByRole('switch').first().check(); await p.getByRole('button', { name: 'CVI Process' }).click(); } },
  { kind: 'radar currents', path: 'radar', colours: ['#2C7BB6', '#ABD9E9', '#FDAE61', '#D7191C'], prepare: async () => undefined },
];

type Row = { key: string; label: string; value: string };

/** Waits until the map's zoom has not changed for 400 ms: a layer's fit is over (its tiles may
 *  still be drawing: the pixel search waits for them). */
async function mapSettled(page: Page): Promise<void> {
  const zoom = () => page.getByTestId('map').getAttribute('data-zoom');
  for (let last = await zoom(), n = 0; n < 50; n++) {
    await page.waitForTimeout(400);
    const now = await zoom();
    if (now === last) return;
    last = now;
  }
}

/** Clicks the map at a pixel of one of `colours` (once the layer has drawn one) and returns the
 *  drawer's tables; none when no such pixel shows. A click the drawer answers 'ไม่พบข้อมูล' (the
 *  map still moved under it: a late fit) is tried again at a fresh pixel. */
async function drawerAt(page: Page, colours: readonly string[]): Promise<Array<{ layer: string; rows: Row[] }>> {
  const drawer = page.getByTestId('feature-drawer');
  for (let attempt = 0; attempt < 4; attempt++) {
    await mapSettled(page);
    let hit: { x: number; y: number } | null = null;
    await expect.poll(async () => (hit = await colourPixel(page, colours.map(hex), 30)), { timeout: 30_000 }).not.toBeNull().catch(() => undefined);
    if (!hit) return [];
    const { x, y } = hit;
    const box = (await page.getByTestId('map').boundingBox())!;
    await page.mouse.click(box.x + x, box.y + y);
    await drawer.locator('[data-info-status]:not([data-info-status="loading"])').waitFor({ timeout: 30_000 });
    const tables = await drawer.locator('[data-testid="feature-info"] section').evaluateAll((sections) =>
      sections.map((s) => ({
        layer: s.querySelector('h3')?.textContent ?? '',
        rows: [...s.querySelectorAll('tr')].map((tr) => ({ key: tr.getAttribute('data-key') ?? '', label: tr.querySelector('th')?.textContent ?? '', value: tr.querySelector('td')?.textContent ?? '' })),
      })),
    );
    if (tables.length) return tables;
    await closeDrawer(page);
  }
  return [];
}

/** Closes the drawer when it is open, so that it covers no part of the map. */
async function closeDrawer(page: Page): Promise<void> {
  const close = page.getByTestId('feature-drawer').getByRole('button', { name: 'ปิด' });
  if (await close.isVisible()) await close.click();
}

/** What a Thai visitor must not meet in a drawer table. */
function problemsOf(rows: readonly Row[]): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const { key, label, value } of rows) {
    if (/[a-z_]{3,}/.test(label) || /^[A-Za-z_][A-Za-z0-9_]*$/.test(label)) problems.push(`raw label "${label}" (${key})`);
    if (seen.has(label)) problems.push(`label "${label}" twice`);
    seen.add(label);
    if (/^(gid|fid|id|ogc_fid)$|_(gid|id)$/i.test(key)) problems.push(`internal id ${key} shown`);
    if (/\d{4}-\d{2}-\d{2}/.test(value)) problems.push(`ISO date "${value}" (${label})`);
    if (/^[a-z]+(_[a-z]+)*$/.test(value)) problems.push(`English code "${value}" (${label})`);
  }
  return problems;
}

describe('issue 24 defect 4: the feature drawer in Thai on every topic', { timeout: 240_000 }, () => {
  const suite = backendSuite(SHOTS);

  it('one feature of each layer kind: Thai labels, Thai codes, Buddhist-era dates, no ids, no label twice', async () => {
    const { page } = suite.s;
    const found: Record<string, string[]> = {};
    const missed: string[] = [];
    for (const c of CASES) {
      await open(page, suite.app.url(c.path));
      await c.prepare(page);
      const tables = await drawerAt(page, c.colours);
      if (tables.length === 0) missed.push(c.kind);
      for (const t of tables) {
        const problems = problemsOf(t.rows);
        if (problems.length) found[`${c.kind}: ${t.layer}`] = problems;
      }
      await page.screenshot({ path: path.join(SHOTS, `${c.kind.replace(/\W+/g, '-')}.png`) });
      await closeDrawer(page);
    }
    expect({ missed, found }).toEqual({ missed: [], found: {} });
  });
});
