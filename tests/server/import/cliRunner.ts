// Runs `npm run import`'s command (runImportCli) on a test database, collecting what it prints.

import { runImportCli } from '../../../src/server/import/cli.ts';
import type { TestDatabase } from './db.ts';

export interface CliRun {
  code: number;
  out: string[];
  err: string[];
}

export async function runCli(db: TestDatabase, ...argv: string[]): Promise<CliRun> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runImportCli(argv, {
    // The test keeps its database open across runs.
    openDatabase: async () => ({ ...db, close: async () => undefined }),
    out: (line) => out.push(line),
    err: (line) => err.push(line),
  });
  return { code, out, err };
}
