// The project proposal in a browser (SPEC.md §2 /project/form, §4 Wizard, §5, §9): a visitor fills
// the whole three-step form through the UI at 1280x800, map picker and beach modal included,
// reloads in the middle and finds everything again, builds the PDF, previews and downloads it; the
// PDF is checked with poppler (3 A4 pages, the Thai text as typed) and rendered to PNG to look at.
// Beach-system lists (SPEC.md §7 router page=beachsystem) come from the provider backend on the
// generated sample database. The failure states, the download page and the phone size are in
// proposal-more.test.ts.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { PNG } from 'pngjs';
import { shoreLength, parseLatLng } from '../../src/proposal/ui/geo.ts';
import { POINT_COLORS } from '../../src/proposal/ui/map/FormMap.tsx';
import { DESKTOP, describeProblems } from './support/browser.ts';
import { openSession, type BrowserSession } from './support/app.ts';
import {
  allowed, openProposalApp, bundle, BUDGET, cached, CHOICES, clickMap, colourShare, COORDINATE_MESSAGE, field, gotoForm, heading, modalMap, REQUIRED_MESSAGE, SHOTS, shot, TEXT, TONE_MARKS,
} from './support/proposalForm.ts';

const { app, database } = await openProposalApp();

describe('proposal wizard at desktop 1280x800 (SPEC.md §2, §4, §5, §8, §9)', () => {
  let s: BrowserSession;
  const alerts: string[] = [];
  const infos: string[] = [];
  beforeAll(async () => {
    s = await openSession(DESKTOP);
    s.page.on('dialog', (d) => {
      alerts.push(d.message());
      void d.accept();
    });
    s.page.on('console', (m) => {
      if (m.type() === 'info') infos.push(m.text());
    });
  });
  afterAll(async () => {
    await s?.close();
  });

  it('step 1: ถัดไป on an empty step marks every required field in red and focuses the first; starred labels', async () => {
    const { page } = s;
    await gotoForm(page, app);
    await expect.poll(() => page.title()).toContain(bundle.app.title.split('|')[0]!.trim());
    // Step tabs and buttons of SPEC.md §2.
    const tabs = page.getByRole('navigation', { name: 'ขั้นตอนของแบบฟอร์ม' }).getByRole('button');
    expect((await tabs.allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim())).toEqual(['1 ข้อมูลทั่วไป', '2 ที่ตั้ง', '3 งบประมาณ']);
    expect(await tabs.first().getAttribute('aria-current')).toBe('step');
    await heading(page, 1).waitFor();
    expect(await page.getByRole('button', { name: 'ย้อนกลับ' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'สร้างรายงาน' }).count()).toBe(0);
    // Only step 1's fields; required ones starred (SPEC.md §5).
    expect(await field(page, 'location').count()).toBe(0);
    const stars = await page.locator('.proposal-rjsf label.control-label:has(.required)').allInnerTexts();
    expect(stars.map((l) => l.replace('*', '').trim())).toEqual(['1. ชื่อโครงการ', '2. สภาพปัญหาการกัดเซาะชายฝั่ง', '2.1 สถานภาพชายฝั่ง', '2.2 ข้อมูลจากหน่วยงานที่เกี่ยวข้อง', '2.3 ความยาวชายฝั่งที่ถูกกัดเซาะ (เมตร)', '2.4 โครงสร้างชายฝั่งที่มีอยู่เดิม', '3. วัตถุประสงค์ของโครงการ', '4. ประเภทโครงการ', '4.1 แผนการก่อสร้าง']);
    // No choice is pre-selected for the visitor.
    expect(await page.locator('#root_projectType input:checked, #root_hasConstructionPlan input:checked').count()).toBe(0);

    await page.getByRole('button', { name: 'ถัดไป' }).click();
    await expect.poll(() => page.getByText(REQUIRED_MESSAGE, { exact: true }).count()).toBe(9);
    await heading(page, 1).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('root_projectName');
    await expect.poll(() => page.getByRole('alert').first().innerText()).toContain('9 รายการ');
    const color = await page.getByText(REQUIRED_MESSAGE, { exact: true }).first().evaluate((el) => getComputedStyle(el).color);
    expect(color).toBe('rgb(198, 40, 40)');
    await shot(page, 'desktop-1-errors', false);
  });

  it('step 1 filled: the errors go as fields are answered; ถัดไป moves to step 2', async () => {
    const { page } = s;
    await field(page, 'projectName').fill(TEXT.projectName);
    await expect.poll(() => page.getByText(REQUIRED_MESSAGE, { exact: true }).count()).toBe(8);
    await field(page, 'coastalErosionStatus').fill(TEXT.coastalErosionStatus);
    await field(page, 'coastalErosionCode').selectOption({ label: CHOICES.coastalErosionCode });
    await field(page, 'agenciesInformation').fill(TEXT.agenciesInformation);
    await field(page, 'erosionLength').fill('1250');
    await field(page, 'existingCoastalProtectionStructures').fill(TEXT.existingCoastalProtectionStructures);
    await field(page, 'projectObjectives').fill(TEXT.projectObjectives);
    await field(page, 'projectType').getByLabel(CHOICES.projectType, { exact: true }).check();
    await field(page, 'hasConstructionPlan').getByLabel(CHOICES.hasConstructionPlan, { exact: true }).check();
    await expect.poll(() => page.getByText(REQUIRED_MESSAGE, { exact: true }).count()).toBe(0);
    await shot(page, 'desktop-1-filled');
    await page.getByRole('button', { name: 'ถัดไป' }).click();
    await heading(page, 2).waitFor();
    expect(await page.getByRole('button', { name: 'ย้อนกลับ' }).count()).toBe(1);
    expect((await cached(page))?.step).toBe(2);
  });

  it('step 2: a bad coordinate shows the red message; the map picker writes both points with 6 decimals and the shore length', async () => {
    const { page } = s;
    await field(page, 'location').fill(TEXT.location);
    await field(page, 'coordinates').fill('91,0');
    const coordError = page.getByText(COORDINATE_MESSAGE, { exact: true });
    await coordError.waitFor();
    expect(await coordError.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(198, 40, 40)');
    await field(page, 'coordinates').fill('');
    await expect.poll(() => coordError.count()).toBe(0);

    // Start point: the modal opens on SPEC.md §9's default centre, zoom 11.
    await page.getByRole('button', { name: 'เลือกจากแผนที่: จุดเริ่มต้น' }).click();
    const dialog = page.getByRole('dialog', { name: 'เลือกตำแหน่งจากแผนที่' });
    await dialog.waitFor();
    const map = await modalMap(page);
    expect((await map.boundingBox())!.height).toBeCloseTo(500, 0);
    expect(await map.getAttribute('data-zoom')).toBe('11.000');
    expect(await map.getAttribute('data-center')).toBe('13.736717,100.523186');
    expect(await dialog.getByLabel('จุดเริ่มต้น').isChecked()).toBe(true);
    await shot(page, 'desktop-2-map-picker', false);
    await clickMap(page, 0.3, 0.45);
    await dialog.waitFor({ state: 'hidden' });
    const start = await field(page, 'coordinates').inputValue();
    expect(start).toMatch(/^\d{1,2}\.\d{6}, \d{2,3}\.\d{6}$/);

    // End point, chosen with the mode switch in the modal opened from the start field.
    await page.getByRole('button', { name: 'เลือกจากแผนที่: จุดเริ่มต้น' }).click();
    await dialog.waitFor();
    await dialog.getByLabel('จุดสิ้นสุด').check();
    await clickMap(page, 0.7, 0.55);
    await dialog.waitFor({ state: 'hidden' });
    const end = await field(page, 'coordinatesEnd').inputValue();
    expect(end).toMatch(/^\d{1,2}\.\d{6}, \d{2,3}\.\d{6}$/);
    expect(await field(page, 'coordinates').inputValue()).toBe(start);
    expect(end).not.toBe(start);
    // SPEC.md §4: the straight distance in metres with 2 decimals.
    const length = shoreLength(start, end)!;
    expect(length).toBeGreaterThan(1000);
    await expect.poll(async () => Number(await field(page, 'projectShoreLength').inputValue())).toBe(length);

    // Reopened, the map fits both points (centred between them).
    await page.getByRole('button', { name: 'เลือกจากแผนที่: จุดสิ้นสุด' }).click();
    await dialog.waitFor();
    const fitted = await modalMap(page);
    const [clat, clng] = (await fitted.getAttribute('data-center'))!.split(',').map(Number) as [number, number];
    const a = parseLatLng(start)!;
    const b = parseLatLng(end)!;
    expect(Math.abs(clat - (a.lat + b.lat) / 2)).toBeLessThan(0.01);
    expect(Math.abs(clng - (a.lng + b.lng) / 2)).toBeLessThan(0.01);
    expect(Number(await fitted.getAttribute('data-zoom'))).toBeGreaterThan(11);
    await shot(page, 'desktop-2-map-fitted', false);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await field(page, 'coordinatesEnd').inputValue()).toBe(end);
  });

  it('step 2: screenshot mode: a map click only alerts; ใช้ภาพนี้ captures the map, ลบภาพ removes it', async () => {
    const { page } = s;
    await page.getByRole('button', { name: 'กำหนดภาพแผนที่' }).click();
    const dialog = page.getByRole('dialog', { name: 'กำหนดภาพแผนที่' });
    await dialog.waitFor();
    const before = { start: await field(page, 'coordinates').inputValue(), end: await field(page, 'coordinatesEnd').inputValue() };
    await clickMap(page, 0.5, 0.5);
    await expect.poll(() => alerts.length).toBe(1);
    expect(alerts[0]).toContain('ใช้ภาพนี้');
    expect(await dialog.isVisible()).toBe(true);
    expect({ start: await field(page, 'coordinates').inputValue(), end: await field(page, 'coordinatesEnd').inputValue() }).toEqual(before);
    await shot(page, 'desktop-2-screenshot-mode', false);
    await dialog.getByRole('button', { name: 'ใช้ภาพนี้' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const img = page.getByTestId('map-image');
    await img.waitFor();
    expect(await img.getAttribute('src')).toMatch(/^data:image\/jpeg;base64,/);
    // The capture has the map (the offline land colour) and both points drawn as map layers.
    expect(await colourShare(img, [250, 243, 224], 30), 'land colour').toBeGreaterThan(0.3);
    expect(await colourShare(img, [0x1a, 0x98, 0x50]), 'start point (green)').toBeGreaterThan(0);
    expect(await colourShare(img, [0xd7, 0x30, 0x27]), 'end point (red)').toBeGreaterThan(0);

    await page.getByRole('button', { name: 'ลบภาพ' }).click();
    await img.waitFor({ state: 'detached' });
    expect((await cached(page))?.data.mapImage).toBeUndefined();
    // Set it again for the PDF.
    await page.getByRole('button', { name: 'กำหนดภาพแผนที่' }).click();
    await dialog.waitFor();
    await modalMap(page);
    await dialog.getByRole('button', { name: 'ใช้ภาพนี้' }).click();
    await img.waitFor();
    expect(String((await cached(page))?.data.mapImage)).toMatch(/^data:image\/jpeg;base64,/);
  });

  it(`step 2: the beach modal 'เลือกกลุ่มหาด' cascades main group > sub group > beach system; ยืนยัน writes the names joined by '/'`, async () => {
    const { page } = s;
    await page.getByRole('button', { name: 'เลือกกลุ่มหาด' }).click();
    const dialog = page.getByRole('dialog', { name: 'เลือกกลุ่มหาด' });
    await dialog.waitFor();
    const main = dialog.getByLabel('กลุ่มหาดหลัก', { exact: true });
    const sub = dialog.getByLabel('กลุ่มหาดย่อย', { exact: true });
    const system = dialog.getByLabel('ระบบหาด', { exact: true });
    await expect.poll(() => main.isEnabled()).toBe(true);
    expect(await sub.isDisabled()).toBe(true);
    expect(await system.isDisabled()).toBe(true);
    expect(await dialog.getByRole('button', { name: 'ยืนยัน' }).isDisabled()).toBe(true);
    const pick = async (select: Locator) => {
      await expect.poll(async () => (await select.isEnabled()) && (await select.locator('option').count()) > 1, { timeout: 15_000 }).toBe(true);
      const label = (await select.locator('option').nth(1).innerText()).trim();
      await select.selectOption({ index: 1 });
      return label;
    };
    const names = [await pick(main), await pick(sub), await pick(system)];
    await shot(page, 'desktop-2-beach-modal', false);
    await dialog.getByRole('button', { name: 'ยืนยัน' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await field(page, 'beachSystem').inputValue()).toBe(names.join('/'));
    // The names are the database's own (SPEC.md §3 beach main / sub / system).
    const { rows } = await database.db.query<{ b_m_thai: string }>('SELECT b_m_thai FROM beach_main');
    expect(rows.map((r) => r.b_m_thai)).toContain(names[0]);
  });

  it('step 2: the rest of the step; a reload in the middle restores every value and the step', async () => {
    const { page } = s;
    await field(page, 'beachSystemInfo').fill(TEXT.beachSystemInfo);
    await field(page, 'physicalCharacteristics').getByLabel(CHOICES.physicalCharacteristics, { exact: true }).check();
    await field(page, 'physicalCharacteristicsInfo').fill(TEXT.physicalCharacteristicsInfo);
    await field(page, 'coastalPreventionAlignment').getByLabel(CHOICES.coastalPreventionAlignment, { exact: true }).check();
    await field(page, 'beachUtilizationInfo').fill(TEXT.beachUtilizationInfo);
    await field(page, 'historicalSiteInfo').fill(TEXT.historicalSiteInfo);
    await field(page, 'touristAttractions').fill(TEXT.touristAttractions);
    await field(page, 'conservationAreaInfo').fill(TEXT.conservationAreaInfo);
    await shot(page, 'desktop-2-filled');

    const values = async () => ({
      location: await field(page, 'location').inputValue(),
      coordinates: await field(page, 'coordinates').inputValue(),
      coordinatesEnd: await field(page, 'coordinatesEnd').inputValue(),
      projectShoreLength: await field(page, 'projectShoreLength').inputValue(),
      beachSystem: await field(page, 'beachSystem').inputValue(),
      beachSystemInfo: await field(page, 'beachSystemInfo').inputValue(),
      physical: await field(page, 'physicalCharacteristics').getByLabel(CHOICES.physicalCharacteristics, { exact: true }).isChecked(),
      physicalCharacteristicsInfo: await field(page, 'physicalCharacteristicsInfo').inputValue(),
      alignment: await field(page, 'coastalPreventionAlignment').getByLabel(CHOICES.coastalPreventionAlignment, { exact: true }).isChecked(),
      beachUtilizationInfo: await field(page, 'beachUtilizationInfo').inputValue(),
      historicalSiteInfo: await field(page, 'historicalSiteInfo').inputValue(),
      touristAttractions: await field(page, 'touristAttractions').inputValue(),
      conservationAreaInfo: await field(page, 'conservationAreaInfo').inputValue(),
      image: await page.getByTestId('map-image').getAttribute('src'),
    });
    const before = await values();
    expect(before.image).toMatch(/^data:image\/jpeg;base64,/);

    await page.reload();
    await heading(page, 2).waitFor();
    expect(await page.getByText('กู้คืนข้อมูลที่กรอกไว้แล้ว').count()).toBe(1);
    expect(await values()).toEqual(before);
    // Step 1 is back too.
    await page.getByRole('button', { name: 'ย้อนกลับ' }).click();
    await heading(page, 1).waitFor();
    expect(await field(page, 'projectName').inputValue()).toBe(TEXT.projectName);
    // rjsf's select keeps option indexes as values: compare the chosen option's text.
    expect((await field(page, 'coastalErosionCode').locator('option:checked').innerText()).trim()).toBe(CHOICES.coastalErosionCode);
    expect(await field(page, 'erosionLength').inputValue()).toBe('1250');
    expect(await field(page, 'projectType').getByLabel(CHOICES.projectType, { exact: true }).isChecked()).toBe(true);
    expect(await field(page, 'hasConstructionPlan').getByLabel(CHOICES.hasConstructionPlan, { exact: true }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'ถัดไป' }).click();
    await heading(page, 2).waitFor();
    await page.getByRole('button', { name: 'ถัดไป' }).click();
    await heading(page, 3).waitFor();
  });

  it('step 3: budget sources only with hasBudget (noBudget drops them), the budget table totals live, tel and email inputs; reload at step 3', async () => {
    const { page } = s;
    expect(await page.getByRole('button', { name: 'ถัดไป' }).count()).toBe(0);
    await field(page, 'landUsePermissionProcess').getByLabel(CHOICES.landUsePermissionProcess, { exact: true }).check();
    await field(page, 'operationPlan').fill(TEXT.operationPlan);
    const sources = page.locator('#root_budgetSources');
    expect(await sources.count()).toBe(0);
    await field(page, 'budgetSourceOption').getByLabel('มีแหล่งงบประมาณแล้ว', { exact: true }).check();
    await sources.waitFor();
    await page.locator('#root_budgetSources_normal').check();
    await page.locator('#root_budgetSources_normalDetail').fill(TEXT.normalDetail);
    await expect.poll(async () => (await cached(page))?.data.budgetSources).toEqual({ normal: true, normalDetail: TEXT.normalDetail });
    await field(page, 'budgetSourceOption').getByLabel('ยังไม่มีแหล่งงบประมาณ', { exact: true }).check();
    await sources.waitFor({ state: 'detached' });
    await expect.poll(async () => (await cached(page))?.data.budgetSources).toBeUndefined();
    await field(page, 'budgetSourceOption').getByLabel('มีแหล่งงบประมาณแล้ว', { exact: true }).check();
    await sources.waitFor();
    expect(await page.locator('#root_budgetSources_normal').isChecked()).toBe(false);
    expect(await page.locator('#root_budgetSources_normalDetail').inputValue()).toBe('');
    await page.locator('#root_budgetSources_normal').check();
    await page.locator('#root_budgetSources_normalDetail').fill(TEXT.normalDetail);
    await field(page, 'supportRequestedFrom').fill(TEXT.supportRequestedFrom);

    const table = page.locator('.proposal-budget table');
    expect((await table.locator('thead th').allInnerTexts()).map((t) => t.trim())).toEqual(['ปีงบประมาณ', '2569', '2570', '2571', '2572', 'รวม']);
    for (const [key, amount] of Object.entries(BUDGET)) {
      const input = page.getByLabel(`ปีงบประมาณ พ.ศ. ${key.slice(1)}`, { exact: true });
      expect(await input.getAttribute('type')).toBe('number');
      await input.fill(String(amount));
    }
    await expect.poll(() => page.getByTestId('budget-total').innerText()).toBe((9_500_000).toLocaleString('th-TH'));
    await field(page, 'budgetDuration').fill('3');
    await field(page, 'environmentalMitigation').fill(TEXT.environmentalMitigation);
    const phone = page.locator('#root_projectOwner_phone_phone');
    const email = page.locator('#root_projectOwner_email_email');
    expect(await phone.getAttribute('type')).toBe('tel');
    expect(await email.getAttribute('type')).toBe('email');
    await page.locator('#root_projectOwner_name_name').fill(TEXT.ownerName);
    await phone.fill(TEXT.ownerPhone);
    await email.fill('not-an-email');
    // A bad optional value blocks too, with its Thai message and the focus on it.
    await page.getByRole('button', { name: 'สร้างรายงาน' }).click();
    await page.getByText('กรุณากรอกอีเมลให้ถูกต้อง', { exact: true }).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('root_projectOwner_email_email');
    await email.fill(TEXT.ownerEmail);
    await expect.poll(() => page.getByText('กรุณากรอกอีเมลให้ถูกต้อง', { exact: true }).count()).toBe(0);
    await shot(page, 'desktop-3-filled');

    await page.reload();
    await heading(page, 3).waitFor();
    expect(await page.getByTestId('budget-total').innerText()).toBe((9_500_000).toLocaleString('th-TH'));
    expect(await page.locator('#root_budgetSources_normalDetail').inputValue()).toBe(TEXT.normalDetail);
    expect(await email.inputValue()).toBe(TEXT.ownerEmail);
    expect(await field(page, 'landUsePermissionProcess').getByLabel(CHOICES.landUsePermissionProcess, { exact: true }).isChecked()).toBe(true);
  });

  it('สร้างรายงาน builds the PDF and opens ตัวอย่างแบบฟอร์ม (100% wide, 800 high); the download is 3 A4 pages with the Thai text as typed', async () => {
    const { page } = s;
    const started = Date.now();
    await page.getByRole('button', { name: 'สร้างรายงาน' }).click();
    const dialog = page.getByRole('dialog', { name: 'ตัวอย่างแบบฟอร์ม' });
    await dialog.waitFor({ timeout: 90_000 });
    const openedMs = Date.now() - started;
    const frame = dialog.locator('iframe');
    expect(await frame.getAttribute('src')).toMatch(/^blob:/);
    const frameBox = (await frame.boundingBox())!;
    const bodyBox = (await dialog.locator('.proposal-preview-body').boundingBox())!;
    expect(frameBox.height).toBeCloseTo(800, 0);
    expect(Math.abs(frameBox.width - bodyBox.width)).toBeLessThanOrEqual(1);
    await page.waitForTimeout(1500); // the viewer draws the first page
    await shot(page, 'desktop-4-preview', false);

    const link = page.getByTestId('pdf-download');
    expect(await link.getAttribute('download')).toBe('proposal-2569.pdf');
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toBe('proposal-2569.pdf');
    const file = path.join(SHOTS, 'proposal-2569.pdf');
    await download.saveAs(file);
    const bytes = readFileSync(file);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
    expect(info).toMatch(/^Pages:\s+3$/m);
    expect(info).toMatch(/^Page size:\s+595\.2\d? x 841\.8\d? pts \(A4\)$/m);
    // SPEC.md §9: page 2's location minimap (drawn by the server, 80 x 80 pt at 2x) with the start
    // point marked at its centre
    const minimapDir = path.join(SHOTS, 'pdf-pictures');
    rmSync(minimapDir, { recursive: true, force: true });
    mkdirSync(minimapDir, { recursive: true });
    execFileSync('pdfimages', ['-png', '-f', '2', '-l', '2', file, path.join(minimapDir, 'p2')]);
    // pdfimages -list numbers the pictures as the files are numbered; soft masks are left out
    const numbers = execFileSync('pdfimages', ['-list', '-f', '2', '-l', '2', file], { encoding: 'utf8' })
      .split('\n')
      .map((l) => l.trim().split(/\s+/))
      .filter((f) => f[2] === 'image' && f[3] === '160' && f[4] === '160')
      .map((f) => f[1]!.padStart(3, '0'));
    expect(numbers).toHaveLength(1);
    const minimaps = readdirSync(minimapDir).filter((f) => f === `p2-${numbers[0]}.png`).map((f) => PNG.sync.read(readFileSync(path.join(minimapDir, f))));
    expect(minimaps).toHaveLength(1);
    const centre = (80 * 160 + 80) * 4;
    const marker = [1, 3, 5].map((i) => parseInt(POINT_COLORS.end.slice(i, i + 2), 16));
    expect([...minimaps[0]!.data.subarray(centre, centre + 3)].every((v, i) => Math.abs(v - marker[i]!) <= 3), `centre ${minimaps[0]!.data.subarray(centre, centre + 3).join()}`).toBe(true);
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' })
      .replace(/[\u200b\u00ad]/g, '')
      .replace(/\s+/g, ' ');
    const expected = [TONE_MARKS, TEXT.projectName, ...Object.values(TEXT).filter((v) => v !== TEXT.ownerPhone && v !== TEXT.ownerEmail), TEXT.ownerPhone, TEXT.ownerEmail, CHOICES.coastalErosionCode, 'หาดทราย'];
    const missing = expected.filter((v) => !text.includes(v));
    expect(missing, `not in the PDF text:\n${text.slice(0, 3000)}`).toEqual([]);
    expect(text).toContain('2569');
    // Pages as images, to look at.
    execFileSync('pdftoppm', ['-r', '70', '-png', file, path.join(SHOTS, 'pdf-page')]);
    console.log(`proposal PDF: ${bytes.length} bytes; preview open ${openedMs} ms after the click; ${infos.filter((i) => i.startsWith('proposal: PDF')).join('; ')}; files in ${SHOTS}`);

    // Closing keeps the visitor on step 3 with the data.
    await dialog.locator('.proposal-preview-bar').getByRole('button', { name: 'ปิด', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await heading(page, 3).waitFor();
    expect(await field(page, 'operationPlan').inputValue()).toBe(TEXT.operationPlan);
    expect(s.log.unexpected(allowed), describeProblems(s.log.unexpected(allowed))).toEqual([]);
  });
});
