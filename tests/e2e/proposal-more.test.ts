// The project proposal's edges in a browser (SPEC.md §2 /project, §4 cache, §8): the beach modal
// when its lists fail ('--', nothing to confirm, the field can still be typed) and with the real
// backend, a storage that refuses every save, the /project download page's real .pdf/.docx files,
// and every step at 390x844 without horizontal overflow. The main walk-through is proposal.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, describeProblems, MOBILE } from './support/browser.ts';
import { openSession, type BrowserSession } from './support/app.ts';
import {
  allowed, openProposalApp, CACHE_KEY, CHOICES, failBeachLists, field, gotoForm, heading, modalMap, noHorizontalOverflow, REQUIRED_MESSAGE, shot, TEXT,
} from './support/proposalForm.ts';

const { app } = await openProposalApp();

describe('the beach modal without lists, and with the real backend', () => {
  let s: BrowserSession;
  beforeAll(async () => {
    s = await openSession(DESKTOP);
  });
  afterAll(async () => {
    await s?.close();
  });

  /** Opens step 2 directly from a cached step-1 answer set (restoring the cache at the same time). */
  async function openStep2(page: Page) {
    await page.addInitScript(
      ([key, value]) => {
        if (!window.localStorage.getItem(key!)) window.localStorage.setItem(key!, value!);
      },
      [CACHE_KEY, JSON.stringify({ version: 1, formId: 'proposal', step: 2, data: { projectName: 'x' }, savedAt: new Date().toISOString() })],
    );
    await gotoForm(page, app);
    await heading(page, 2).waitFor();
  }

  it(`SPEC.md §8: a failing beach list shows '--' and nothing can be confirmed; the field can still be typed`, async () => {
    const { page } = s;
    await failBeachLists(page);
    await openStep2(page);
    await page.getByRole('button', { name: 'เลือกกลุ่มหาด' }).click();
    const dialog = page.getByRole('dialog', { name: 'เลือกกลุ่มหาด' });
    await dialog.waitFor();
    const main = dialog.getByLabel('กลุ่มหาดหลัก', { exact: true });
    await expect.poll(async () => (await main.count()) === 1 && (await main.locator('option').first().innerText()).trim()).toBe('--');
    expect(await main.isDisabled()).toBe(true);
    expect(await dialog.getByRole('button', { name: 'ยืนยัน' }).isDisabled()).toBe(true);
    await shot(page, 'desktop-beach-failed', false);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await field(page, 'beachSystem').fill('ก/ข/ค');
    expect(await field(page, 'beachSystem').inputValue()).toBe('ก/ข/ค');
    await page.unrouteAll({ behavior: 'wait' });
  });
});

describe('a full storage never breaks the form (SPEC.md §4 cache)', () => {
  let s: BrowserSession;
  beforeAll(async () => {
    s = await openSession(DESKTOP);
  });
  afterAll(async () => {
    await s?.close();
  });

  it('every save failing with QuotaExceededError: the visitor is told once, and the wizard still moves on', async () => {
    const { page } = s;
    await page.addInitScript((key) => {
      const original = Storage.prototype.setItem;
      Storage.prototype.setItem = function (this: Storage, k: string, v: string) {
        if (k === key) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        return original.call(this, k, v);
      };
    }, CACHE_KEY);
    await gotoForm(page, app);
    await page.getByText('ไม่สามารถบันทึกข้อมูลแบบฟอร์มในเบราว์เซอร์ได้').waitFor();
    await field(page, 'projectName').fill(TEXT.projectName);
    await field(page, 'coastalErosionStatus').fill(TEXT.coastalErosionStatus);
    await field(page, 'coastalErosionCode').selectOption({ label: CHOICES.coastalErosionCode });
    await field(page, 'agenciesInformation').fill(TEXT.agenciesInformation);
    await field(page, 'erosionLength').fill('10');
    await field(page, 'existingCoastalProtectionStructures').fill(TEXT.existingCoastalProtectionStructures);
    await field(page, 'projectObjectives').fill(TEXT.projectObjectives);
    await field(page, 'projectType').getByLabel(CHOICES.projectType, { exact: true }).check();
    await field(page, 'hasConstructionPlan').getByLabel(CHOICES.hasConstructionPlan, { exact: true }).check();
    await page.getByRole('button', { name: 'ถัดไป' }).click();
    await heading(page, 2).waitFor();
    expect(await page.getByText('ไม่สามารถบันทึกข้อมูลแบบฟอร์มในเบราว์เซอร์ได้').count()).toBe(1);
    expect(s.log.all.filter((p) => p.kind === 'pageerror')).toEqual([]);
  });
});

describe('/project download page (SPEC.md §2)', () => {
  let s: BrowserSession;
  beforeAll(async () => {
    s = await openSession(DESKTOP);
  });
  afterAll(async () => {
    await s?.close();
  });

  it('two groups, each with a .docx and a .pdf that download as real files, and the link to /project/form', async () => {
    const { page } = s;
    await page.goto(app.url('project'));
    const groups = page.locator('.files-section section');
    await groups.first().waitFor();
    expect(await groups.count()).toBe(2);
    await shot(page, 'desktop-project-files');
    const links = await page.locator('.files-section a[download]').evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href));
    expect(links).toHaveLength(4);
    for (const href of links) {
      const res = await page.request.get(href);
      expect(res.status(), href).toBe(200);
      const body = await res.body();
      if (href.endsWith('.pdf')) {
        expect(res.headers()['content-type'], href).toMatch(/^application\/pdf/);
        expect(body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      } else {
        expect(res.headers()['content-type'], href).toMatch(/^application\/vnd\.openxmlformats-officedocument\.wordprocessingml\.document/);
        expect(body.subarray(0, 2).toString('latin1')).toBe('PK');
      }
    }
    await page.getByRole('link', { name: 'กรอกแบบฟอร์มออนไลน์' }).click();
    await page.locator('.proposal-form').waitFor();
    expect(new URL(page.url()).pathname).toBe('/maps/project/form');
  });
});

describe('proposal wizard at phone 390x844', () => {
  let s: BrowserSession;
  beforeAll(async () => {
    s = await openSession(MOBILE);
  });
  afterAll(async () => {
    await s?.close();
  });

  it('every step, the errors, the map modal and the budget table fit the screen (no horizontal overflow)', async () => {
    const { page } = s;
    await gotoForm(page, app);
    await heading(page, 1).waitFor();
    await noHorizontalOverflow(page);
    await page.getByRole('button', { name: 'ถัดไป' }).click();
    await page.getByText(REQUIRED_MESSAGE, { exact: true }).first().waitFor();
    await noHorizontalOverflow(page);
    await shot(page, 'mobile-1-errors', false);
    // Step 2 and 3 from a cached form (the cache is restored on load).
    await page.evaluate(
      ([key, value]) => window.localStorage.setItem(key!, value!),
      [CACHE_KEY, JSON.stringify({ version: 1, formId: 'proposal', step: 2, data: { projectName: 'x', coordinates: '13.7, 100.5', coordinatesEnd: '13.72, 100.52' }, savedAt: new Date().toISOString() })],
    );
    await page.reload();
    await heading(page, 2).waitFor();
    await noHorizontalOverflow(page);
    await shot(page, 'mobile-2', true);
    await page.getByRole('button', { name: 'เลือกจากแผนที่: จุดเริ่มต้น' }).click();
    const dialog = page.getByRole('dialog', { name: 'เลือกตำแหน่งจากแผนที่' });
    await dialog.waitFor();
    const map = await modalMap(page);
    const box = (await map.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(MOBILE.width);
    await noHorizontalOverflow(page);
    await shot(page, 'mobile-2-map', false);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await page.evaluate(
      ([key, value]) => window.localStorage.setItem(key!, value!),
      [CACHE_KEY, JSON.stringify({ version: 1, formId: 'proposal', step: 3, data: { projectName: 'x', budgetSourceOption: 'hasBudget', budgetAmount: { b2569: 123456789 } }, savedAt: new Date().toISOString() })],
    );
    await page.reload();
    await heading(page, 3).waitFor();
    await page.locator('#root_budgetSources').waitFor();
    await noHorizontalOverflow(page);
    for (const name of ['ย้อนกลับ', 'สร้างรายงาน']) {
      const b = (await page.getByRole('button', { name }).boundingBox())!;
      expect(b.x + b.width, name).toBeLessThanOrEqual(MOBILE.width);
      expect(b.height, `${name} touch target`).toBeGreaterThanOrEqual(44);
    }
    await shot(page, 'mobile-3', true);
    expect(s.log.unexpected(allowed), describeProblems(s.log.unexpected(allowed))).toEqual([]);
  });
});
