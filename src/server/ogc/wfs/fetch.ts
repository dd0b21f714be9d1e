// Reading one page of features over the queries of a request: a single type pages in the
// database directly; several types are counted first and the page is cut across them in order.
// The page query reads the page only; numberMatched comes from svc.matchCounts (a cached count
// without geometry), or from the page itself when it is the last one.

import { uniqueGmlIds } from '../featureSql.ts';
import { queryFeaturePage } from '../query.ts';
import type { OgcServiceCore as OgcService } from '../serviceCore.ts';
import { xmlSafe } from '../xml.ts';
import type { OutputCrs, OutputFormat, Paging } from './params.ts';
import type { TypeQuery } from './queries.ts';

export interface FeaturePage {
  /** GML members, or GeoJSON features joined by ',' (without brackets). */
  body: string;
  returned: number;
  matched: number;
}

function readSlice(svc: OgcService, q: TypeQuery, count: number, startIndex: number, format: OutputFormat, crs: OutputCrs, value?: string) {
  return queryFeaturePage(svc.db, q.sel, {
    ...(value !== undefined ? { value } : {}),
    attrs: q.props.attrs,
    geometry: q.props.geometry,
    srid: crs.srid,
    latLon: crs.latLon,
    digits: crs.srid === 3857 ? 2 : 6,
    sort: q.sort,
    count,
    startIndex,
    ...(format.kind === 'gml' ? { gml: { version: format.version, prefix: svc.product } } : {}),
  });
}

/** Matches of every query (hits). */
export async function countMatches(svc: OgcService, queries: readonly TypeQuery[]): Promise<number> {
  const counts = await Promise.all(queries.map((q) => svc.matchCounts.count(q.sel)));
  return counts.reduce((a, b) => a + b, 0);
}

/** One type: the page, then the count unless the page shows it is the last one. */
async function readOneType(svc: OgcService, q: TypeQuery, page: Paging, format: OutputFormat, crs: OutputCrs, value: string | undefined): Promise<FeaturePage> {
  // PostgreSQL: an unknown count runs beside the page on another connection (wasted only when
  // the page turns out to be the last). PGlite has one connection, so it waits for the page.
  const early = svc.db.kind === 'postgres' && (await svc.matchCounts.known(q.sel)) === undefined ? svc.matchCounts.count(q.sel) : undefined;
  early?.catch(() => undefined);
  const read = await readSlice(svc, q, page.count, page.startIndex, format, crs, value);
  const last = read.returned < page.count && (read.returned > 0 || page.startIndex === 0);
  const matched = last ? page.startIndex + read.returned : await (early ?? svc.matchCounts.count(q.sel));
  return { body: read.body, returned: read.returned, matched };
}

async function readPages(svc: OgcService, queries: readonly TypeQuery[], page: Paging, format: OutputFormat, crs: OutputCrs, value: string | undefined): Promise<FeaturePage> {
  if (queries.length === 1) return readOneType(svc, queries[0]!, page, format, crs, value);
  const counts = await Promise.all(queries.map((q) => svc.matchCounts.count(q.sel)));
  const bodies: string[] = [];
  let returned = 0;
  let skip = page.startIndex;
  for (const [i, q] of queries.entries()) {
    const n = counts[i]!;
    if (skip >= n) {
      skip -= n;
      continue;
    }
    const want = Math.min(page.count - returned, n - skip);
    if (want <= 0) break;
    const read = await readSlice(svc, q, want, skip, format, crs);
    if (read.body !== '') bodies.push(read.body);
    returned += read.returned;
    skip = 0;
  }
  return { body: bodies.join(format.kind === 'gml' ? '' : ','), returned, matched: counts.reduce((a, b) => a + b, 0) };
}

/**
 * One page of features (or, with `value` and a single query, GetPropertyValue members); GML with
 * XML-illegal characters replaced (database text as is) and unique geometry ids.
 */
export async function readFeaturePage(svc: OgcService, queries: readonly TypeQuery[], page: Paging, format: OutputFormat, crs: OutputCrs, value?: string): Promise<FeaturePage> {
  const read = await readPages(svc, queries, page, format, crs, value);
  if (format.kind !== 'gml') return read;
  const safe = xmlSafe(read.body);
  return { ...read, body: format.version === '2' ? safe : uniqueGmlIds(safe) };
}
