// Rebuilds the shoreline-change transects and their yearly distances from the lines in the database
// (after `npm run import` of real yearly lines, or after changing src/server/transects/config.ts).
// PGlite in data/pglite, or DATABASE_URL. Usage: npm run transects:rebuild
import { ensureDatabase } from '../src/server/db/ensure.ts';
import { buildTransects } from '../src/server/transects/build.ts';

const { db } = await ensureDatabase({ seed: false });
try {
  const report = await db.transaction((tx) => buildTransects(tx, { log: (m) => console.log(m) }));
  console.log(`transects: ${report.transects} transects, ${report.distances} yearly distances in ${(report.ms / 1000).toFixed(1)} s`);
} finally {
  await db.close();
}
