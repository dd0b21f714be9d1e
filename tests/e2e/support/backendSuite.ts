// One browser session against the app on the sample database, for a describe block: the database,
// the app (on `configDir`, default config/) and a desktop session are made before its tests and
// closed after them; a failing test leaves a screenshot named after it in `shots`.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { openSampleDatabase, type TestDatabase } from '../../server/db/testDatabase.ts';
import { openSession, type BrowserSession } from './app.ts';
import { CONFIG_DIR, startApp, type RunningApp } from './server.ts';

export interface BackendSuite {
  readonly app: RunningApp;
  readonly s: BrowserSession;
}

export interface BackendSuiteOptions {
  configDir?: () => string;
  viewport?: { width: number; height: number };
  /** Writes what the config needs into the sample database (an admin's imported table). */
  prepare?: (db: TestDatabase['db']) => Promise<void>;
}

export function backendSuite(shots: string, options: BackendSuiteOptions = {}): BackendSuite {
  mkdirSync(shots, { recursive: true });
  let database: TestDatabase | undefined;
  let app: RunningApp | undefined;
  let s: BrowserSession | undefined;
  beforeAll(async () => {
    database = await openSampleDatabase();
    await options.prepare?.(database.db);
    app = await startApp(options.configDir?.() ?? CONFIG_DIR, { db: database.db });
    s = await openSession(options.viewport ?? { width: 1280, height: 800 });
    s.browser.context.setDefaultTimeout(30_000);
  });
  afterAll(async () => {
    await s?.close();
    await app?.close();
    await database?.close();
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
