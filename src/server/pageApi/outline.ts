// The outline of a chosen area for the map (issue 24: /dashboard draws the province or beach
// system it shows): a polygon's boundary or a line, simplified to about 100 m and sent as GeoJSON
// with 5 decimals, so a province's outline stays a few kilobytes.
import { rowBBox, sendData, unionBBox, type RouterContext } from './context.ts';

/** Degrees: about 100 m, finer than the map shows an area at its fitted zoom. */
const TOLERANCE = 0.001;

/** The select-list columns of a table with `geom`: its simplified outline and its bounds. */
export const OUTLINE_COLUMNS = `ST_AsGeoJSON(ST_SimplifyPreserveTopology(
    CASE WHEN ST_Dimension(geom) = 2 THEN ST_Boundary(geom) ELSE geom END, ${TOLERANCE}), 5) AS outline,
  ST_XMin(geom) AS xmin, ST_YMin(geom) AS ymin, ST_XMax(geom) AS xmax, ST_YMax(geom) AS ymax`;

/** Answers {errors: '', data: [{code, name, level, geometry}], bbox}; rows without geometry are left out. */
export async function sendOutlines(ctx: RouterContext, rows: ReadonlyArray<Record<string, unknown>>, level: string): Promise<void> {
  const drawn = rows.filter((r) => typeof r.outline === 'string');
  const data = drawn.map((r) => ({ code: r.code, name: r.name, level, geometry: JSON.parse(r.outline as string) as unknown }));
  await sendData(ctx, data, { bbox: unionBBox(drawn.map(rowBBox)) });
}
