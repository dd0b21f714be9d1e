// The areas an atlas is made for: a province, a district or a beach system, looked up in the
// database with what every section needs (name, the coast's extent, the transect filter, the
// erosion/accretion query and the pickers of the permalink).
import type { AtlasAreaKind } from '../../engine/atlasTypes.ts';
import type { Queryable } from '../db/types.ts';
import type { TransectFilter } from '../transects/query.ts';

export type LonLatBox = [number, number, number, number];

export interface AtlasArea {
  kind: AtlasAreaKind;
  code: string;
  /** Thai name without a prefix: 'สงขลา', 'สิงหนคร', 'ระบบหาดสทิงพระ'. */
  name: string;
  /** The province it lies in (a beach system: the province of its record). */
  province: { code: string; name: string };
  /** The extent of its transects (the coast), lon/lat. */
  bbox: LonLatBox;
  transects: TransectFilter;
  /** Erosion/accretion areas: the `code` viewparam (province or district), and for a beach
   *  system the beach line they must lie near. */
  change: { code: string; nearBeach?: string };
  /** Picker values of the permalink (the topic variant of config atlas.kinds). */
  pickers: Record<string, string[]>;
}

/** A code's shape per kind; anything else is refused before a query. */
const CODE_PATTERN: Readonly<Record<AtlasAreaKind, RegExp>> = {
  province: /^\d{2}$/,
  district: /^\d{4}$/,
  'beach-system': /^[A-Z]\d{1,2}-\d{2}-\d{2}$/,
};

async function extentOf(db: Queryable, column: string, code: string): Promise<LonLatBox | null> {
  const { rows } = await db.query<{ x0: number | null; y0: number; x1: number; y1: number }>(
    `SELECT ST_XMin(e) AS x0, ST_YMin(e) AS y0, ST_XMax(e) AS x1, ST_YMax(e) AS y1 FROM (SELECT ST_Extent(geom)::geometry AS e FROM transect WHERE ${column} = $1) q`,
    [code],
  );
  const r = rows[0];
  return r && r.x0 !== null ? [r.x0, r.y0, r.x1, r.y1] : null;
}

/** The area of `kind` with `code`, or null when there is none or it has no coast (no transects). */
export async function resolveArea(db: Queryable, kind: AtlasAreaKind, code: string): Promise<AtlasArea | null> {
  if (!CODE_PATTERN[kind].test(code)) return null;
  if (kind === 'province') {
    const { rows } = await db.query<{ name: string }>('SELECT prv_name AS name FROM province WHERE prv_code = $1', [code]);
    const bbox = rows[0] && (await extentOf(db, 'prv_code', code));
    if (!rows[0] || !bbox) return null;
    return { kind, code, name: rows[0].name, province: { code, name: rows[0].name }, bbox, transects: { pv: [code] }, change: { code }, pickers: { province: [code] } };
  }
  if (kind === 'district') {
    const { rows } = await db.query<{ name: string; pv: string; pv_name: string }>('SELECT amp_name AS name, prv_code AS pv, prv_name AS pv_name FROM district WHERE amp_code = $1', [code]);
    const bbox = rows[0] && (await extentOf(db, 'amp_code', code));
    if (!rows[0] || !bbox) return null;
    const { name, pv, pv_name } = rows[0];
    return { kind, code, name, province: { code: pv, name: pv_name }, bbox, transects: { ap: code }, change: { code }, pickers: { province: [pv], district: [code] } };
  }
  const { rows } = await db.query<{ name: string; m: string; c: string; pv: string; pv_name: string }>(
    'SELECT b_s_thai AS name, code_b_m AS m, code_b_c AS c, prv_code AS pv, prv_name AS pv_name FROM beach_system WHERE code_b_s = $1',
    [code],
  );
  const bbox = rows[0] && (await extentOf(db, 'code_b_s', code));
  if (!rows[0] || !bbox) return null;
  const { name, m, c, pv, pv_name } = rows[0];
  return {
    kind, code, name, province: { code: pv, name: pv_name }, bbox,
    transects: { code_b_s: code },
    change: { code: pv, nearBeach: code },
    pickers: { 'beach-main': [m], 'beach-sub': [c], 'beach-system': [code] },
  };
}

/** Every province with transects (a coast), by code. */
export async function coastalProvinces(db: Queryable): Promise<Array<{ code: string; name: string }>> {
  const { rows } = await db.query<{ code: string; name: string }>(
    'SELECT p.prv_code AS code, p.prv_name AS name FROM province p WHERE EXISTS (SELECT 1 FROM transect t WHERE t.prv_code = p.prv_code) ORDER BY p.prv_code',
  );
  return rows;
}
