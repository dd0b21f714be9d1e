// Shows where the database is, the applied migrations, the dataset and row counts.
// Usage: npx tsx scripts/db-status.ts
import { SAMPLE_TABLES } from '../src/server/data/sample/index.ts';
import { openDatabase } from '../src/server/db/open.ts';

const db = await openDatabase();
try {
  console.log(db.description);
  const ledger = await db.query<{ present: boolean }>("SELECT to_regclass('schema_migrations') IS NOT NULL AS present");
  if (!ledger.rows[0]?.present) {
    console.log('no schema yet (run scripts/db-migrate.ts or start the server)');
  } else {
    const { rows: migrations } = await db.query<{ version: number; name: string }>('SELECT version, name FROM schema_migrations ORDER BY version');
    console.log(`migrations: ${migrations.map((m) => `${String(m.version).padStart(3, '0')}_${m.name}`).join(', ')}`);
    const { rows: datasets } = await db.query<{ name: string; version: string; sample: boolean }>('SELECT name, version, sample FROM dataset_info');
    console.log(`datasets: ${datasets.map((d) => `${d.name} v${d.version}${d.sample ? ' (sample)' : ''}`).join(', ') || 'none'}`);
    const counts = SAMPLE_TABLES.map((t) => `SELECT '${t}' AS name, count(*)::integer AS n FROM ${t}`).join(' UNION ALL ');
    const { rows } = await db.query<{ name: string; n: number }>(counts);
    for (const row of rows) console.log(`  ${row.name.padEnd(18)} ${row.n}`);
  }
} finally {
  await db.close();
}
