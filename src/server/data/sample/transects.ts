// Sample-data step: the shoreline-change transects and their yearly distances (issue 14), built by
// PostGIS from the lines just generated (src/server/transects/build.ts).
import type { Queryable } from '../../db/types.ts';
import { buildTransects, type BuildReport } from '../../transects/build.ts';

/** Bump when src/server/transects/build.ts or its config changes: part of the test databases' cache key. */
export const TRANSECT_BUILD_VERSION = '1';

export function insertTransects(tx: Queryable): Promise<BuildReport> {
  return buildTransects(tx);
}
