// One app on the sample database for a browser test file: started before its tests, closed after.
import { afterAll, beforeAll } from 'vitest';
import { openSampleDatabase, type TestDatabase } from '../../server/db/testDatabase.ts';
import { CONFIG_DIR, startApp, type RunningApp } from './server.ts';

/** Registers the start and stop; the returned function gives the running app inside tests. */
export function useSampleApp(): () => RunningApp {
  let database: TestDatabase | undefined;
  let app: RunningApp | undefined;
  beforeAll(async () => {
    database = await openSampleDatabase();
    app = await startApp(CONFIG_DIR, { db: database.db });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });
  return () => {
    if (!app) throw new Error('the sample app is not started yet');
    return app;
  };
}
