// `npm run import -- <file> --as <table> [--replace|--append] [--encoding tis-620] [--object name]
// [--srs EPSG:code]`: loads a shapefile / GeoJSON / TopoJSON into the database the server uses
// (DATABASE_URL, else the embedded PGlite in data/pglite: stop the server first, PGlite files
// take one process at a time). On success: a summary, the feature ids, the table's columns and a
// catalog entry for config/layers.yaml; on failure one line of error, exit code 1, nothing written.

import { withAdvisoryLock, SCHEMA_LOCK_ID } from '../src/server/db/lock.ts';
import { migrate } from '../src/server/db/migrate.ts';
import { openDatabase } from '../src/server/db/open.ts';
import { runImportCli } from '../src/server/import/cli.ts';

process.exitCode = await runImportCli(process.argv.slice(2), {
  async openDatabase() {
    const db = await openDatabase();
    try {
      // The schema (PostGIS first) must exist before anything is loaded into it.
      await db.withSession((session) => withAdvisoryLock(session, SCHEMA_LOCK_ID, () => migrate(session)));
    } catch (error) {
      await db.close().catch(() => undefined);
      throw error;
    }
    return db;
  },
});
