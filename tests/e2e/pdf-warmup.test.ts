// Issue 29 aim 6: on the proposal wizard's last step, what the PDF needs is made before
// 'สร้างรายงาน' is pressed (src/proposal/ui/pdfWarmup.ts, pdfAhead.ts): the full Sarabun fonts the
// PDF embeds and the minimap (drawn by the server) are fetched while the visitor is on the step,
// and once the step is complete the PDF itself is laid out in the PDF worker, so the click only
// shows it. The step is restored from a complete cached answer set.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filledData } from '../unit/proposal/pdf/support.ts';
import { openSession, type BrowserSession } from './support/app.ts';
import { DESKTOP } from './support/browser.ts';
import { startApp, type RunningApp } from './support/server.ts';

const CACHE_KEY = 'coastal_project_form_cache';

let app: RunningApp;
let s: BrowserSession;
beforeAll(async () => {
  [app, s] = await Promise.all([startApp(), openSession(DESKTOP)]);
}, 180_000);
afterAll(async () => {
  await s?.close();
  await app?.close();
});

describe('proposal PDF warm-up (issue 29)', () => {
  it("the last step fetches the PDF's full fonts and the server's minimap before 'สร้างรายงาน'; the click then opens the preview", async () => {
    const { page } = s;
    const cached = JSON.stringify({ version: 1, formId: 'proposal', step: 3, data: filledData(), savedAt: new Date().toISOString() });
    await page.addInitScript(([key, value]) => window.localStorage.setItem(key!, value!), [CACHE_KEY, cached]);
    const requested: string[] = [];
    page.on('request', (r) => requested.push(new URL(r.url()).pathname.split('/').pop() ?? ''));
    const builds: string[] = [];
    page.on('console', (m) => {
      if (m.text().startsWith('proposal: laying the PDF out')) builds.push(m.text());
    });
    await page.goto(app.url('project/form'));
    const build = page.getByRole('button', { name: 'สร้างรายงาน' });
    await build.waitFor();
    // nothing is clicked while waiting: only the warm-up can ask for these
    await expect
      .poll(() => [requested.some((n) => /^Sarabun_400Regular-[\w-]+\.ttf$/.test(n)), requested.some((n) => /^Sarabun_700Bold-[\w-]+\.ttf$/.test(n)), requested.includes('minimap.png')], { timeout: 30_000 })
      .toEqual([true, true, true]);
    // the PDF is laid out once, ahead, in a worker; the click takes that build
    await expect.poll(() => builds.length, { timeout: 30_000 }).toBe(1);
    expect(page.workers().map((w) => new URL(w.url()).pathname.split('/').pop())).toContainEqual(expect.stringMatching(/^worker-[\w-]+\.js$/));
    await build.click();
    await page.getByRole('dialog', { name: 'ตัวอย่างแบบฟอร์ม' }).locator('iframe[src^="blob:"]').waitFor({ timeout: 30_000 });
    expect(builds).toHaveLength(1);
    // no MapLibre map was made for the minimap (the step shows none)
    expect(requested).not.toContain('land.geojson');
  });
});
