// Plain SQL migrations: migrations/NNN_name.sql, applied in order, each in its own transaction,
// recorded in schema_migrations with a checksum. Applying twice changes nothing; a migration
// edited after it was applied is an error (add a new one instead).

import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Session } from './types.ts';

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

export interface Migration {
  version: number;
  name: string;
  sql: string;
  checksum: string;
}

const FILE_NAME = /^(\d{3})_([a-z0-9_]+)\.sql$/;

export function loadMigrations(dir: string = MIGRATIONS_DIR): Migration[] {
  const migrations = readdirSync(dir)
    .filter((file) => file.endsWith('.sql'))
    .map((file) => {
      const match = FILE_NAME.exec(file);
      if (!match) throw new Error(`migration file name must look like 001_name.sql: ${file}`);
      const sql = readFileSync(path.join(dir, file), 'utf8');
      return {
        version: Number(match[1]),
        name: match[2]!,
        sql,
        checksum: createHash('sha256').update(sql).digest('hex'),
      };
    })
    .sort((a, b) => a.version - b.version);
  migrations.forEach((m, i) => {
    if (i > 0 && migrations[i - 1]!.version === m.version) throw new Error(`two migrations numbered ${m.version}`);
  });
  return migrations;
}

const CREATE_LEDGER = `
CREATE TABLE IF NOT EXISTS schema_migrations (
  version integer PRIMARY KEY,
  name text NOT NULL,
  checksum text NOT NULL,
  applied_at timestamptz NOT NULL DEFAULT now()
)`;

/** Applies the pending migrations; returns the names of those it applied. Run under the schema lock. */
export async function migrate(session: Session, migrations: readonly Migration[] = loadMigrations()): Promise<string[]> {
  await session.exec(CREATE_LEDGER);
  const { rows } = await session.query<{ version: number; name: string; checksum: string }>(
    'SELECT version, name, checksum FROM schema_migrations ORDER BY version',
  );
  const applied = new Map(rows.map((row) => [row.version, row]));
  const done: string[] = [];
  for (const migration of migrations) {
    const label = `${String(migration.version).padStart(3, '0')}_${migration.name}`;
    const previous = applied.get(migration.version);
    if (previous) {
      if (previous.checksum !== migration.checksum) {
        throw new Error(
          `migration ${label} changed after it was applied to this database; ` +
            'add a new migration instead (or reset a development database with `npx tsx scripts/db-reset.ts`)',
        );
      }
      continue;
    }
    await session.transaction(async (tx) => {
      await tx.exec(migration.sql);
      await tx.query('INSERT INTO schema_migrations (version, name, checksum) VALUES ($1, $2, $3)', [
        migration.version,
        migration.name,
        migration.checksum,
      ]);
    });
    done.push(label);
  }
  return done;
}
