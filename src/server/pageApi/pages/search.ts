// page=search&q=<text>[&limit=n] (issue 11 item 2, beyond SPEC.md §7): the place search of the top
// menu. Finds provinces, districts, sub-districts, islands (sea and Songkhla Lake), the three
// beach-system levels, radar stations and CCTV sites whose Thai or English name contains `q`,
// case-insensitively and ignoring Thai tone and other above-letter marks on both sides (a query
// typed without them still finds the name), or whose code starts with `q`. A leading จ./อ./ต.
// (or จังหวัด/อำเภอ/ตำบล) is not part of the name; it ranks provinces, districts or
// sub-districts first (issue 24 item 8). Best first: whole name, then name start, then any
// substring, then names holding the query with one letter wrong, missing or extra (asked only
// when the others leave room); larger areas before smaller within a kind of match; at most
// `limit` (default 10, at most 50). Answer: {errors: '', data: [{kind, code, name, name_en,
// province, district, bbox, point}]}, point being [lon, lat] on the place, where the map marks it.
// The rows come from the place_search table (migrations 010-011, kept current by triggers), which
// holds the folded names, the boxes and the points; scripts/bench-search.ts measures the latency.
import { pageModes, rowBBox, sendData, type RouterContext } from '../context.ts';
import { bad, checkName } from '../params.ts';
import { searchTerms, typoSearch } from './searchTerms.ts';

const SEARCH_DEFAULT_LIMIT = 10;
const SEARCH_MAX_LIMIT = 50;

/**
 * The query as place_fold() (migration 010) folds the stored names: NFC, sara am typed as nikhahit
 * + sara aa made one letter, mai taikhu, tone marks, thanthakhat and yamakkan removed, spaces
 * trimmed and collapsed, ASCII lower case. Folding here rather than in the SQL halves the query's
 * time on PGlite; tests/server/pageApi/search.test.ts checks both agree on every stored name.
 */
export function foldQuery(q: string): string {
  return q
    .normalize('NFC')
    .replace(/\u0E4D\u0E32/g, '\u0E33')
    .replace(/[\u0E47-\u0E4C\u0E4E]/g, '')
    .replace(/^\s+|\s+$/g, '')
    .replace(/\s+/g, ' ')
    .replace(/[A-Z]/g, (c) => c.toLowerCase());
}

const COLUMNS = `kind, code, name, name_en, province, district, west AS xmin, south AS ymin, east AS xmax, north AS ymax, lon, lat`;
const CONTAINS = `(strpos(f_name, $1) > 0 OR strpos(f_en, $1) > 0 OR starts_with(f_code, $1))`;
// Within a kind of match: the kind the prefix names ($3, '' for none), then larger areas first.
// Ties are broken by code in byte order, as Thai-aware sorting costs PGlite several ms.
const ORDER_WITHIN = `kind <> $3, ord, length(name), code COLLATE "C"`;

// $1 the folded query, $2 the limit, $3 the kind the prefix names.
const SQL = `
  SELECT ${COLUMNS}
  FROM place_search
  WHERE ${CONTAINS}
  ORDER BY CASE WHEN f_name = $1 OR f_en = $1 THEN 0 WHEN starts_with(f_name, $1) OR starts_with(f_en, $1) THEN 1 ELSE 2 END,
           ${ORDER_WITHIN}
  LIMIT $2`;

// The one-letter typos, after the matches above: $4 the LIKE patterns, $5 and $6 the query's
// halves (searchTerms.ts). The half test is cheap and leaves few names for the patterns (a third
// of the time of the patterns alone on PGlite).
const TYPO_SQL = `
  SELECT ${COLUMNS}
  FROM place_search
  WHERE NOT ${CONTAINS}
    AND (strpos(f_name, $5) > 0 OR strpos(f_name, $6) > 0 OR strpos(f_en, $5) > 0 OR strpos(f_en, $6) > 0)
    AND (f_name LIKE ANY ($4::text[]) OR f_en LIKE ANY ($4::text[]))
  ORDER BY ${ORDER_WITHIN}
  LIMIT $2`;

function limitParam(ctx: RouterContext): number {
  const raw = ctx.params.get('limit');
  if (raw === undefined) return SEARCH_DEFAULT_LIMIT;
  const n = /^[0-9]{1,3}$/.test(raw) ? Number(raw) : NaN;
  if (!(n >= 1 && n <= SEARCH_MAX_LIMIT)) throw bad(`limit must be a whole number from 1 to ${SEARCH_MAX_LIMIT}`);
  return n;
}

const lonLat = (r: Record<string, unknown>): [number, number] | null =>
  typeof r.lon === 'number' && typeof r.lat === 'number' ? [r.lon, r.lat] : null;

async function search(ctx: RouterContext): Promise<void> {
  const folded = foldQuery(checkName(ctx.params.require('q'), 'q'));
  // An empty query would match every place; folding removes only marks and spaces.
  if (!/[\p{L}\p{N}]/u.test(folded)) throw bad('q must hold at least one letter or digit');
  const { text, kind } = searchTerms(folded);
  const limit = limitParam(ctx);
  const { rows } = await ctx.db.query<Record<string, unknown>>(SQL, [text, limit, kind]);
  const typo = typoSearch(text);
  if (rows.length < limit && typo) {
    const typos = await ctx.db.query<Record<string, unknown>>(TYPO_SQL, [text, limit - rows.length, kind, typo.patterns, ...typo.halves]);
    rows.push(...typos.rows);
  }
  const data = rows.map((r) => ({
    kind: r.kind,
    code: r.code,
    name: r.name,
    name_en: r.name_en ?? null,
    province: r.province ?? null,
    district: r.district ?? null,
    bbox: rowBBox(r),
    point: lonLat(r),
  }));
  await sendData(ctx, data);
}

export const searchPage = pageModes({ '': search });
