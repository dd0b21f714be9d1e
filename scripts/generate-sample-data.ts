// Builds the deterministic sample dataset (src/server/data/PROVENANCE.md) into the database:
// PGlite in data/pglite by default, or DATABASE_URL. All or nothing: one transaction.
// Usage: npx tsx scripts/generate-sample-data.ts [--replace]
//   --replace  empty the sample tables first (in the same transaction) when they hold data
import { generateSampleData, SAMPLE_TABLES } from '../src/server/data/sample/index.ts';
import { nonEmptyTables } from '../src/server/db/ensure.ts';
import { SCHEMA_LOCK_ID, withAdvisoryLock } from '../src/server/db/lock.ts';
import { migrate } from '../src/server/db/migrate.ts';
import { openDatabase } from '../src/server/db/open.ts';

const replace = process.argv.includes('--replace');
const db = await openDatabase();
console.log(db.description);
try {
  await db.withSession((session) =>
    withAdvisoryLock(session, SCHEMA_LOCK_ID, async () => {
      const applied = await migrate(session);
      if (applied.length) console.log(`applied ${applied.join(', ')}`);
      const filled = await nonEmptyTables(session);
      if (filled.length > 0 && !replace) {
        throw new Error(`tables already hold data (${filled.join(', ')}); use --replace to regenerate`);
      }
      await session.exec('SET statement_timeout = 0');
      const report = await session.transaction(async (tx) => {
        if (filled.length > 0) await tx.exec(`TRUNCATE ${SAMPLE_TABLES.join(', ')} RESTART IDENTITY CASCADE`);
        return generateSampleData(tx, { log: (m) => console.log(m) });
      });
      console.log(`done in ${(report.ms / 1000).toFixed(1)} s`);
    }),
  );
  const counts = SAMPLE_TABLES.map((t) => `SELECT '${t}' AS name, count(*)::integer AS n FROM ${t}`).join(' UNION ALL ');
  const { rows } = await db.query<{ name: string; n: number }>(counts);
  console.log(rows.map((r) => `${r.name}=${r.n}`).join(' '));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await db.close();
}
