// Reading one page of features over the queries of a request: a single type pages in the
// database directly; several types are counted first and the page is cut across them in order.

import { uniqueGmlIds } from '../featureSql.ts';
import { queryCount, queryFeaturePage } from '../query.ts';
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

async function readSlice(svc: OgcService, q: TypeQuery, count: number, startIndex: number, format: OutputFormat, crs: OutputCrs, withTotal: boolean, value?: string) {
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
    withTotal,
  });
}

/** Matches of every query (hits). */
export async function countMatches(svc: OgcService, queries: readonly TypeQuery[]): Promise<number> {
  const counts = await Promise.all(queries.map((q) => queryCount(svc.db, q.sel)));
  return counts.reduce((a, b) => a + b, 0);
}

async function readPages(svc: OgcService, queries: readonly TypeQuery[], page: Paging, format: OutputFormat, crs: OutputCrs, value: string | undefined): Promise<FeaturePage> {
  if (queries.length === 1) {
    const q = queries[0]!;
    const read = await readSlice(svc, q, page.count, page.startIndex, format, crs, q.spatial, value);
    // The total is known without counting when this page is the last one (or counted in the same pass).
    const last = read.returned < page.count && (read.returned > 0 || page.startIndex === 0);
    const matched = read.total ?? (last ? page.startIndex + read.returned : await queryCount(svc.db, q.sel));
    return { body: read.body, returned: read.returned, matched };
  }
  const counts = await Promise.all(queries.map((q) => queryCount(svc.db, q.sel)));
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
    const read = await readSlice(svc, q, want, skip, format, crs, false);
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
