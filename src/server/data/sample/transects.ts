// Sample-data step: the shoreline-change transects and their yearly distances (issue 14), built by
// PostGIS from the lines just generated (src/server/transects/build.ts).
import type { Queryable } from '../../db/types.ts';
import { buildTransects, type BuildReport } from '../../transects/build.ts';

export function insertTransects(tx: Queryable): Promise<BuildReport> {
  return buildTransects(tx);
}
