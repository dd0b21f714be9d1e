// One browser session against the app on the sample database, for a describe block: the database,
// the app (on `configDir`, default config/) and a desktop session are made before its tests and
// closed after them; a failing test leaves a screenshot named after it in `shots`.
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { openSampleDatabase, type TestDatabase } from '../../server/db/testDatabase.ts';
import { openSession, type BrowserSession } from './app.ts';
import { CONFIG_DIR, ROOT_DIR, startApp, type RunningApp } from './server.ts';

export interface BackendSuite {
  readonly app: RunningApp;
  readonly s: BrowserSession;
}

export interface BackendSuiteOptions {
  configDir?: () => string;
  /** A fixture folder (tests/fixtures/<name>) laid over a temp copy of config/: a topic an admin
   *  adds by config alone. Removed after the suite. */
  fixture?: string;
  viewport?: { width: number; height: number };
  /** Writes what the config needs into the sample database (an admin's imported table). */
  prepare?: (db: TestDatabase['db']) => Promise<void>;
}

const made: string[] = [];

/** A temp copy of config/ with the fixture's files over it. */
function withFixture(name: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), `e2e-${name}-`));
  made.push(dir);
  cpSync(CONFIG_DIR, dir, { recursive: true });
  cpSync(path.join(ROOT_DIR, 'tests', 'fixtures', name), dir, { recursive: true });
  return dir;
}

export function backendSuite(shots: string, options: BackendSuiteOptions = {}): BackendSuite {
  mkdirSync(shots, { recursive: true });
  let database: TestDatabase | undefined;
  let app: RunningApp | undefined;
  let s: BrowserSession | undefined;
  beforeAll(async () => {
    database = await openSampleDatabase();
    await options.prepare?.(database.db);
    app = await startApp(options.fixture ? withFixture(options.fixture) : (options.configDir?.() ?? CONFIG_DIR), { db: database.db });
    s = await openSession(options.viewport ?? { width: 1280, height: 800 });
    s.browser.context.setDefaultTimeout(30_000);
  });
  afterAll(async () => {
    await s?.close();
    await app?.close();
    await database?.close();
    for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail') await s?.page.screenshot({ path: path.join(shots, `FAILED-${task.name.slice(0, 40).replace(/[^\w-]+/g, '_')}.png`) }).catch(() => undefined);
  });
  return {
    get app() {
      if (!app) throw new Error('the app is not started yet (use it inside a test)');
      return app;
    },
    get s() {
      if (!s) throw new Error('the session is not open yet (use it inside a test)');
      return s;
    },
  };
}
