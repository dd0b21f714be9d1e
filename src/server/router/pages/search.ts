// page=search&q=<text>[&limit=n] (issue 11 item 2, beyond SPEC.md §7): the place search of the top
// menu. Finds provinces, districts, sub-districts, islands (sea and Songkhla Lake) and the three
// beach-system levels whose Thai or English name contains `q`, case-insensitively and ignoring
// Thai tone and other above-letter marks on both sides (a query typed without them still finds
// the name), or whose code starts with `q`. Best first: whole name, then name start, then any
// substring; larger areas before smaller within a kind of match; at most `limit` (default 10,
// at most 50). Answer: {errors: '', data: [{kind, code, name, name_en, province, district, bbox}]}.
// The rows come from the place_search table (migration 010, kept current by triggers), which
// holds the folded names and the boxes; scripts/bench-search.ts measures the latency.
import { pageModes, rowBBox, sendData, type RouterContext } from '../context.ts';
import { bad, checkName } from '../params.ts';

export const SEARCH_DEFAULT_LIMIT = 10;
export const SEARCH_MAX_LIMIT = 50;

// $1 the query, $2 the limit. Folded once by the same place_fold() as the stored names; ties are
// broken by code in byte order, as Thai-aware sorting costs PGlite several ms.
const SQL = `
  WITH q AS (SELECT place_fold($1) AS q)
  SELECT kind, code, name, name_en, province, district, west AS xmin, south AS ymin, east AS xmax, north AS ymax
  FROM place_search, q
  WHERE strpos(f_name, q.q) > 0 OR strpos(f_en, q.q) > 0 OR starts_with(f_code, q.q)
  ORDER BY CASE WHEN f_name = q.q OR f_en = q.q THEN 0 WHEN starts_with(f_name, q.q) OR starts_with(f_en, q.q) THEN 1 ELSE 2 END,
           ord, length(name), code COLLATE "C"
  LIMIT $2`;

function limitParam(ctx: RouterContext): number {
  const raw = ctx.params.get('limit');
  if (raw === undefined) return SEARCH_DEFAULT_LIMIT;
  const n = /^[0-9]{1,3}$/.test(raw) ? Number(raw) : NaN;
  if (!(n >= 1 && n <= SEARCH_MAX_LIMIT)) throw bad(`limit must be a whole number from 1 to ${SEARCH_MAX_LIMIT}`);
  return n;
}

async function search(ctx: RouterContext): Promise<void> {
  const q = checkName(ctx.params.require('q'), 'q');
  // place_fold() removes only marks and spaces: a letter or digit keeps the folded query non-empty
  // (an empty one would match every place).
  if (!/[\p{L}\p{N}]/u.test(q)) throw bad('q must hold at least one letter or digit');
  const { rows } = await ctx.db.query<Record<string, unknown>>(SQL, [q, limitParam(ctx)]);
  const data = rows.map((r) => ({
    kind: r.kind,
    code: r.code,
    name: r.name,
    name_en: r.name_en ?? null,
    province: r.province ?? null,
    district: r.district ?? null,
    bbox: rowBBox(r),
  }));
  await sendData(ctx, data);
}

export const searchPage = pageModes({ '': search });
