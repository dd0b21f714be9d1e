// The proposal wizard's test fixtures (proposal.test.ts, proposal-more.test.ts): the form's config,
// what the visitor types, and the steps the tests repeat (open the form, the modal map, the cache).
// Screenshots and the rendered PDF pages go to $PROPOSAL_SHOTS (default <tmp>/proposal-e2e).
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { providerApiPatterns } from './app.ts';
import { colourDistance, elementPixels, type Rgb } from './drawer.ts';
import { openSampleDatabase, type TestDatabase } from '../../server/db/testDatabase.ts';
import { CONFIG_DIR, loadBundle, startApp, type RunningApp } from './server.ts';

export const bundle = await loadBundle(CONFIG_DIR);
export const form = bundle.forms.find((f) => f.id === 'proposal')!;
export const allowed = providerApiPatterns(bundle);
export const SHOTS = process.env.PROPOSAL_SHOTS ?? path.join(tmpdir(), 'proposal-e2e');
mkdirSync(SHOTS, { recursive: true });

export const CACHE_KEY = 'coastal_project_form_cache';
export const REQUIRED_MESSAGE = form.messages?.required ?? '';
export const COORDINATE_MESSAGE = 'กรุณากรอกค่าพิกัดให้ถูกต้อง (lat,lng)';
export const TONE_MARKS = 'ผู้ใหญ่ น้ำ ที่ตั้ง ปู่ ฝั่ง';

/** What the visitor types (Thai, with tone marks and vowels above and below). */
export const TEXT = {
  projectName: `โครงการป้องกันชายฝั่งบ้าน${TONE_MARKS}`,
  coastalErosionStatus: 'ชายฝั่งถูกกัดเซาะต่อเนื่องทุกปีในช่วงมรสุมตะวันออกเฉียงเหนือ',
  agenciesInformation: 'กรมทรัพยากรทางทะเลและชายฝั่งสำรวจพบการกัดเซาะ',
  existingCoastalProtectionStructures: 'กำแพงกันคลื่นชั่วคราว',
  projectObjectives: 'ป้องกันการกัดเซาะและฟื้นฟูชายหาดให้ยั่งยืน',
  location: 'บ้านหาดทราย ตำบลหาดทราย อำเภอเมือง จังหวัดชลบุรี',
  beachSystemInfo: 'หาดทรายยาวต่อเนื่องเชื่อมกับปากคลอง',
  physicalCharacteristicsInfo: 'หาดทรายละเอียดความลาดชันต่ำ',
  beachUtilizationInfo: 'ท่องเที่ยวและประมงพื้นบ้าน',
  historicalSiteInfo: 'วัดเก่าแก่ริมหาด',
  touristAttractions: 'ลานชมพระอาทิตย์ตก',
  conservationAreaInfo: 'แนวหญ้าทะเลนอกชายฝั่ง',
  operationPlan: 'ปีแรกสำรวจและออกแบบ ปีที่สองก่อสร้าง',
  normalDetail: 'งบประมาณรายจ่ายประจำปี 2569',
  supportRequestedFrom: 'กรมทรัพยากรทางทะเลและชายฝั่ง',
  environmentalMitigation: 'ติดตั้งม่านดักตะกอนระหว่างก่อสร้าง',
  ownerName: 'นายสมชาย ใจดี',
  ownerPhone: '0812345678',
  ownerEmail: 'somchai@example.com',
};
export const CHOICES = {
  coastalErosionCode: 'SV กัดเซาะรุนแรง (มากกว่า 5 ม./ปี)',
  projectType: 'กลุ่มที่ 4 โครงการก่อสร้างที่ไม่ต้องจัดทำรายงานการวิเคราะห์ผลกระทบสิ่งแวดล้อม (EIA)',
  hasConstructionPlan: 'มีแผนการก่อสร้าง',
  physicalCharacteristics: 'หาดทราย',
  coastalPreventionAlignment: 'การป้องกันการกัดเซาะชายฝั่ง',
  landUsePermissionProcess: 'อยู่ระหว่างการขออนุญาต',
};
export const BUDGET = { b2569: 5_000_000, b2570: 3_000_000, b2571: 1_000_000, b2572: 500_000 };

/** Makes the beach-system router calls fail, for the '--' state of SPEC.md §8. */
export async function failBeachLists(page: Page): Promise<void> {
  await page.route(
    (url) => url.pathname.endsWith('/v2/router') && url.searchParams.get('page') === 'beachsystem',
    (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"errors":"injected failure","data":[]}' }),
  );
}

export const field = (page: Page, name: string) => page.locator(`#root_${name}`);
export const shot = (page: Page, name: string, fullPage = true) => page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage });
export const heading = (page: Page, step: number) => page.getByRole('heading', { level: 3, name: `ขั้นตอนที่ ${step} จาก 3: ${form.steps[step - 1]!.title}` });

export async function gotoForm(page: Page, app: RunningApp): Promise<void> {
  await page.goto(app.url('project/form'));
  await page.locator('.proposal-form').waitFor();
}

/** The map in the open modal, settled. */
export async function modalMap(page: Page): Promise<Locator> {
  const map = page.locator('dialog[open] [data-testid="proposal-map"]');
  await map.locator('canvas.maplibregl-canvas').waitFor();
  await page.locator('dialog[open] [data-testid="proposal-map"][data-idle="true"]').waitFor({ timeout: 30_000 });
  return map;
}

/** Clicks the open modal's map at a fraction of its size. */
export async function clickMap(page: Page, fx: number, fy: number): Promise<void> {
  const map = await modalMap(page);
  const box = (await map.boundingBox())!;
  await page.mouse.click(box.x + box.width * fx, box.y + box.height * fy);
}

/** Share of an image's pixels near a colour (a blank capture, black or transparent, has none of the
 *  map's colours). */
export async function colourShare(img: Locator, rgb: Rgb, tolerance = 40): Promise<number> {
  const { png } = await elementPixels(img);
  let hits = 0;
  for (let i = 0; i < png.data.length; i += 4) if (colourDistance(png.data, i, rgb) <= tolerance) hits += 1;
  return hits / (png.data.length / 4);
}

export async function noHorizontalOverflow(page: Page): Promise<void> {
  const { scroll, width } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: window.innerWidth }));
  expect(scroll, 'page wider than the viewport').toBeLessThanOrEqual(width);
}

export async function cached(page: Page): Promise<{ step: number; data: Record<string, unknown> } | null> {
  return page.evaluate((key) => {
    const text = window.localStorage.getItem(key);
    return text ? (JSON.parse(text) as { step: number; data: Record<string, unknown> }) : null;
  }, CACHE_KEY);
}

/** The app on a copy of the sample database for the calling test file, closed after its tests. */
export async function openProposalApp(): Promise<{ app: RunningApp; database: TestDatabase }> {
  const database = await openSampleDatabase();
  const app = await startApp(CONFIG_DIR, { db: database.db });
  afterAll(async () => {
    await app.close();
    await database.close();
  });
  return { app, database };
}
