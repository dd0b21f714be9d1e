// A page that cannot be drawn says so in Thai with a way out (issue 23 item 3: every failure a
// visitor could meet is shown in Thai on the spot), instead of React Router's English developer
// page. The usual cause: a newer build was installed while the page was open, so a part it loads
// on demand is gone from the server; here the map's chunk answers 404.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSession, type BrowserSession } from './support/app.ts';
import { ROOT_DIR, startApp, type RunningApp } from './support/server.ts';

const SHOTS = path.join(ROOT_DIR, 'test-results', 'page-error');

let app: RunningApp;
let s: BrowserSession;
beforeAll(async () => {
  app = await startApp();
  s = await openSession({ width: 1280, height: 800 });
});
afterAll(async () => {
  await s?.close();
  await app?.close();
});

describe('a page that cannot be drawn', { timeout: 120_000 }, () => {
  it('says in Thai that the system was updated, and the reload button brings the page back', async () => {
    const { page } = s;
    const gone = async (route: import('playwright-core').Route) => route.fulfill({ status: 404, body: 'not found' });
    await page.route(/\/maps\/assets\/MapView-[\w-]+\.js$/, gone);
    await page.goto(app.url('cmline'));
    const alert = page.getByRole('alert');
    await alert.getByRole('heading', { level: 1, name: 'ไม่สามารถแสดงหน้านี้ได้' }).waitFor();
    expect(await alert.textContent()).toContain('ระบบได้รับการปรับปรุงเป็นรุ่นใหม่ระหว่างที่เปิดหน้านี้อยู่ กรุณาโหลดหน้าใหม่');
    expect(await page.getByText('Unexpected Application Error').count()).toBe(0);
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS, 'page-error.png') });

    await page.unroute(/\/maps\/assets\/MapView-[\w-]+\.js$/, gone);
    await alert.getByRole('button', { name: 'โหลดหน้าใหม่' }).click();
    await page.getByRole('heading', { level: 1, name: 'การติดตามแนวชายฝั่ง' }).waitFor();
    await page.getByTestId('map').waitFor();
  });
});
