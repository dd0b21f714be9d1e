// The config is the product (DESIGN.md §3): a topic added by one file appears as a route, a menu
// tile and a sidebar with its pickers, with no code change; a broken config stops `start` with a
// `file:line:column path: message` line and never serves a blank page.
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, describeProblems, MOBILE } from './support/browser.ts';
import { openSession, providerApiPatterns, waitForPickersSettled, type BrowserSession, atPath } from './support/app.ts';
import { CONFIG_DIR, ROOT_DIR, startApp, type RunningApp } from './support/server.ts';
import { th } from '../../src/locale/th.ts';

const FIXTURE = path.join(ROOT_DIR, 'tests', 'fixtures', 'config-extra-topic');
const tmpDirs: string[] = [];

/** config/ copied to a temp dir, with the files of `overlay` (same layout) added on top. */
function configCopy(overlay?: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'e2e-config-'));
  tmpDirs.push(dir);
  cpSync(CONFIG_DIR, dir, { recursive: true });
  if (overlay) cpSync(overlay, dir, { recursive: true });
  return dir;
}

afterAll(() => {
  for (const dir of tmpDirs) rmSync(dir, { recursive: true, force: true });
});

describe('config-only proof: a new topic file adds a route, a menu tile and its pickers (DESIGN §3)', () => {
  let app: RunningApp;
  beforeAll(async () => {
    app = await startApp(configCopy(FIXTURE));
  });
  afterAll(async () => {
    await app?.close();
  });

  it('the fixture defines /beachwatch (เฝ้าระวังชายหาด, menu order 16) and it is loaded from the copy', () => {
    const topic = app.bundle.topics.find((t) => t.route === 'beachwatch');
    expect(topic, 'tests/fixtures/config-extra-topic/topics/beachwatch.yaml').toBeDefined();
    expect(topic!.title).toEqual({ th: 'เฝ้าระวังชายหาด', en: 'Beach Watch' });
    expect(topic!.menu?.order).toBe(16);
  });

  describe.each([
    { name: 'desktop 1280x800', viewport: DESKTOP },
    { name: 'mobile 390x844', viewport: MOBILE },
  ])('at $name', ({ viewport }) => {
    let s: BrowserSession;
    beforeAll(async () => {
      s = await openSession(viewport);
    });
    afterAll(async () => {
      await s?.close();
    });

    it('/maps/beachwatch renders its title and pickers; its tile is the 16th of the main menu and navigates there', async () => {
      const topic = app.bundle.topics.find((t) => t.route === 'beachwatch')!;
      const pickers = topic.variants[0]!.pickers;
      s.log.clear();
      await s.page.goto(app.url('beachwatch'));
      await s.page.getByRole('heading', { level: 1, name: 'เฝ้าระวังชายหาด' }).waitFor();
      await waitForPickersSettled(s.page);
      const labels = (await s.page.locator('.picker > label').allTextContents()).map((l) => l.trim());
      expect(labels).toEqual(pickers.map((p) => p.label));
      expect(labels).toEqual(expect.arrayContaining(['จังหวัด', 'อำเภอ', 'ตำบล', 'ปี']));
      for (const label of labels) expect(await s.page.getByLabel(label, { exact: true }).count(), label).toBe(1);
      // Its own (static) year list works and its default applies: first of [2567, 2566].
      expect(await s.page.getByLabel('ปี', { exact: true }).inputValue()).toBe('2567');
      expect(await s.page.getByLabel('อำเภอ', { exact: true }).isDisabled()).toBe(true);

      // The tile: from another page, open the menu and follow it.
      await s.page.goto(app.url(app.bundle.app.defaultRoute ?? 'cmline'));
      await s.page.getByRole('button', { name: th.topMenu.menu, exact: true }).click();
      const nav = s.page.getByRole('navigation', { name: 'เมนูหลัก' });
      await nav.waitFor();
      const tiles = nav.locator('a.tile');
      // 15 topics of SPEC.md §2, beachwatch (order 16), then /shoreline-trend (order 17).
      expect(await tiles.count()).toBe(17);
      const last = tiles.nth(15);
      expect(await last.getAttribute('href')).toBe(`${app.bundle.app.basePath}/beachwatch`);
      expect((await last.innerText()).replace(/\s+/g, ' ')).toContain('เฝ้าระวังชายหาด');
      expect(await last.innerText()).toContain('Beach Watch');
      await last.click();
      await s.page.waitForURL(atPath(app.url('beachwatch')));
      await s.page.getByRole('heading', { level: 1, name: 'เฝ้าระวังชายหาด' }).waitFor();
      expect(describeProblems(s.log.unexpected(providerApiPatterns(app.bundle)))).toBe('');
    });
  });
});

interface Exit {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `npm start` (src/server/launch.mjs: the server's bundle) on a config dir; resolves when it exits. */
function runStart(configDir: string, timeoutMs = 60_000): Promise<Exit> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['src/server/launch.mjs'], {
      cwd: ROOT_DIR,
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', CONFIG_DIR: configDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGTERM');
      reject(new Error(`start did not exit within ${timeoutMs} ms (it should refuse a broken config)\nstdout: ${stdout}\nstderr: ${stderr}`));
    }, timeoutMs);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** Replaces the first line matching `find` in `file` (relative to dir); returns its 1-based line number. */
function breakLine(dir: string, file: string, find: RegExp, replace: string): number {
  const full = path.join(dir, file);
  const lines = readFileSync(full, 'utf8').split('\n');
  const index = lines.findIndex((l) => find.test(l));
  if (index < 0) throw new Error(`no line matching ${find} in config/${file}`);
  lines[index] = lines[index]!.replace(find, replace);
  writeFileSync(full, lines.join('\n'));
  return index + 1;
}

const ERROR_LINE = /^(\S+):(\d+):(\d+) (\S+): (.+)$/m;

describe('a broken config stops `start` with file:line:column path: message (DESIGN §3)', () => {
  const cases = [
    { what: 'an unknown legend id (cross-reference check)', file: 'topics/cmline.yaml', find: /legend: cmline-years$/, replace: 'legend: no-such-legend', path: /legend/, message: /no-such-legend/ },
    { what: 'a wrong value type (schema check)', file: 'app.yaml', find: /^(\s*)zoom: 6$/, replace: '$1zoom: six', path: /zoom/, message: /number/ },
  ];
  it.each(cases.map((c) => [c.what, c.file, c] as const))('%s in config/%s: exit 1, no server', async (_what, _file, { file, find, replace, path: jsonPath, message }) => {
    const dir = configCopy();
    const line = breakLine(dir, file, find, replace);
    const result = await runStart(dir);
    expect(result.code, `exit code\nstdout: ${result.stdout}\nstderr: ${result.stderr}`).toBe(1);
    expect(result.stdout).not.toMatch(/Serving http/);
    const first = ERROR_LINE.exec(result.stderr);
    expect(first, `a file:line:column path: message line in\n${result.stderr}`).not.toBeNull();
    const lines = result.stderr.split('\n').filter((l) => ERROR_LINE.test(l));
    const hit = lines.find((l) => l.includes(file) && l.includes(`:${line}:`));
    expect(hit, `an error at ${file}:${line} in\n${result.stderr}`).toBeDefined();
    const [, , , , errPath, errMessage] = ERROR_LINE.exec(hit!)!;
    expect(errPath).toMatch(jsonPath);
    expect(errMessage).toMatch(message);
  });
});
