// Applies pending schema migrations (PGlite in data/pglite, or DATABASE_URL), without loading data.
// Usage: npx tsx scripts/db-migrate.ts
import { ensureDatabase } from '../src/server/db/ensure.ts';

const { db, report } = await ensureDatabase({ seed: false });
console.log(report.migrations.length ? `applied: ${report.migrations.join(', ')}` : 'schema up to date');
await db.close();
