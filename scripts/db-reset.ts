// Deletes the embedded database (data/pglite) or, with DATABASE_URL, drops every object in the
// `public` schema of that database. The next start rebuilds it. Needs --yes.
// Usage: npx tsx scripts/db-reset.ts --yes
import { rmSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_PGLITE_DIR, openDatabase } from '../src/server/db/open.ts';

if (!process.argv.includes('--yes')) {
  console.error('This deletes all data. Run again with --yes to confirm.');
  process.exit(2);
}
if (process.env.DATABASE_URL) {
  const db = await openDatabase();
  await db.exec('DROP SCHEMA public CASCADE; CREATE SCHEMA public;');
  console.log(`${db.description}: schema public dropped and recreated`);
  await db.close();
} else {
  const dir = path.resolve(process.env.PGLITE_DATA_DIR || DEFAULT_PGLITE_DIR);
  rmSync(dir, { recursive: true, force: true });
  console.log(`deleted ${dir}`);
}
