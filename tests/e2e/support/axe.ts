// axe-core in a test page: WCAG 2.x A/AA and best practices (every rule axe runs by default), its
// violations as data and as lines a person can read.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import type { AxeResults } from 'axe-core';
import { expect } from 'vitest';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Parts of the page axe must not judge, each with why. Only third-party internals we do not
 * render ourselves belong here; our own markup is fixed instead.
 */
const EXCLUDE: string[][] = [];

export interface AxeViolation {
  where: string;
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

/** Runs axe on the page (or inside `scope`) and returns its violations, labelled with `where`. */
export async function axe(page: Page, where: string, scope?: string): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE_SOURCE });
  const violations = await page.evaluate(
    async ({ scope, exclude }) => {
      const w = window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<AxeResults> } };
      const context = { include: scope ? [[scope]] : [['html']], exclude };
      const result = await w.axe.run(context, { resultTypes: ['violations'] });
      return result.violations.map((v) => ({ id: v.id, impact: v.impact ?? 'unknown', help: v.help, targets: v.nodes.map((n) => `${n.target.join(' >> ')}${n.failureSummary ? `  [${n.failureSummary.replace(/\s+/g, ' ').slice(0, 160)}]` : ''}`) }));
    },
    { scope, exclude: EXCLUDE },
  );
  return violations.map((v) => ({ where, ...v }));
}

/** Violations as lines a person can read: place, rule id, impact, help, then each target. */
export function axeReport(found: readonly AxeViolation[]): string {
  return found.map((f) => `${f.where}: ${f.id} (${f.impact}) ${f.help}\n${f.targets.map((t) => `    ${t}`).join('\n')}`).join('\n');
}

export function expectNoViolations(found: readonly AxeViolation[]): void {
  expect(found.length, `axe-core violations:\n${axeReport(found)}`).toBe(0);
}
