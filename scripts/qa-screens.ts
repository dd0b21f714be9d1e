// QA sweep of what a visitor sees (issue 24 "Done when"): every route and variant of the config at
// 1440x900 and 390x844 against a running app (`npm start`), with the first choice of each picker
// and the first year layer shown. Saves a screenshot per page and fails on visible text that is
// not for visitors: an ISO date (dates are Buddhist era), a raw field key (snake_case), a hex
// colour, or undefined/null/NaN.
// Usage: npx tsx scripts/qa-screens.ts [--base http://localhost:8080] [--out test-results/qa-screens] [--phone|--desktop]
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/e2e/support/browser.ts';
import { allRoutes, CONFIG_DIR, loadBundle } from '../tests/e2e/support/server.ts';
import { th } from '../src/locale/th.ts';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1]! : fallback;
};
const base = arg('base', `http://localhost:${process.env.PORT ?? 8080}`);
const out = arg('out', 'test-results/qa-screens');
const sizes = [
  ...(process.argv.includes('--phone') ? [] : [{ width: 1440, height: 900 }]),
  ...(process.argv.includes('--desktop') ? [] : [{ width: 390, height: 844 }]),
];
const NOT_FOR_VISITORS: [string, RegExp][] = [
  ['ISO date', /\b\d{4}-\d{2}-\d{2}\b/g],
  ['raw field key', /\b[a-z]+_[a-z0-9_]+\b/g],
  ['hex colour', /#[0-9a-fA-F]{6}\b/g],
  ['missing value', /\b(undefined|null|NaN)\b/g],
];

const settled = (page: Page) => page.waitForFunction(() => !document.querySelector('.picker[aria-busy="true"]'), null, { timeout: 20_000 });

/** The first choice of every visible, enabled, unset picker, until nothing more can be chosen. */
async function chooseFirsts(page: Page): Promise<void> {
  for (let round = 0; round < 4; round++) {
    let changed = false;
    const selects = page.locator('.picker select');
    for (let k = 0; k < (await selects.count()); k++) {
      const select = selects.nth(k);
      if (!(await select.isVisible()) || (await select.isDisabled()) || (await select.inputValue())) continue;
      const value = await select.locator('option[value]:not([value=""])').first().getAttribute('value', { timeout: 2000 }).catch(() => null);
      if (!value) continue;
      await select.selectOption(value, { timeout: 5000 }).catch(() => undefined);
      changed = true;
      await settled(page);
    }
    if (!changed) return;
  }
}

mkdirSync(out, { recursive: true });
const routes = allRoutes(await loadBundle(CONFIG_DIR));
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });
const findings: string[] = [];
for (const size of sizes) {
  const page = await browser.newPage({ viewport: size });
  for (const route of routes) {
    const name = `${route.path.replace(/\//g, '_')}-${size.width}`;
    try {
      await page.goto(`${base}/maps/${route.path}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 20_000 });
      await settled(page);
      const openNavigation = page.getByRole('button', { name: th.openNavigation });
      if (size.width < 600 && (await openNavigation.count())) await openNavigation.first().click();
      await chooseFirsts(page);
      const show = page.locator('.year-layers').getByRole('button', { name: th.show }).first();
      if (await show.count()) await show.click().catch(() => undefined);
      await page.waitForTimeout(2500); // the layer's tiles and the legend
      await page.screenshot({ path: path.join(out, `${name}.png`) });
      const text = await page.evaluate(() => document.body.innerText);
      for (const [what, pattern] of NOT_FOR_VISITORS) {
        const found = [...new Set(text.match(pattern) ?? [])];
        if (found.length) findings.push(`${name}: ${what}: ${found.slice(0, 8).join(' | ')}`);
      }
    } catch (error) {
      findings.push(`${name}: could not be checked: ${String(error).split('\n')[0]}`);
    }
  }
  await page.close();
}
await browser.close();
writeFileSync(path.join(out, 'findings.txt'), findings.join('\n') + '\n');
console.log(findings.length ? findings.join('\n') : `${routes.length} pages x ${sizes.length} sizes: nothing a visitor should not see`);
console.log(`screenshots in ${out}`);
process.exitCode = findings.length ? 1 : 0;
