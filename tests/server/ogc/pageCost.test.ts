// Issue 29 aims 2 and 3: a WFS page costs what the page holds, not what the filter matches. The
// page query reads the page only (no count(*) OVER () over every match with its geometry), the
// number of matches comes from a count without geometry that is kept per filter and data version,
// and paging stays complete: `next` exactly when more features follow, also at a page boundary.
// A BBOX page walks the rows in page order by bounding-box overlap and tests only those it keeps
// exactly, so it too stops after the page, and holds exactly what ST_Intersects holds.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VectorFeatureType } from '../../../src/server/data/featureTypes.ts';
import type { Database } from '../../../src/server/db/types.ts';
import { parseCql } from '../../../src/server/ogc/filter/index.ts';
import { featurePageSql, selectLayer } from '../../../src/server/ogc/query.ts';
import { MatchCounts } from '../../../src/server/ogc/wfs/matchCounts.ts';
import { SLOW } from '../db/testDatabase.ts';
import { generatedPoints, startOgcBackend, WFS, type OgcBackend } from './helpers.ts';

/** The coastline table itself (primary key gid): a page of it can stop after the page. */
const LINES: VectorFeatureType = {
  kind: 'vector',
  name: 'page_cost_lines',
  title: 'every coastline',
  table: 'cmline',
  geometryColumn: 'geom',
  geometryKind: 'line',
  queryable: true,
  idColumn: 'gid',
  attributes: [{ name: 'gid', type: 'int' }, { name: 'line_year', type: 'int' }],
  source: () => ({ sql: 'SELECT gid, line_year, geom FROM cmline', params: [] }),
};

/** Exactly four pages of ten. */
const EDGE = generatedPoints('page_edge_points', 'forty points', 40, 1e-3);

let backend: OgcBackend;
beforeAll(async () => {
  backend = await startOgcBackend({ extraFeatureTypes: [LINES, EDGE] });
}, SLOW);
afterAll(async () => {
  await backend?.close();
});

interface PlanNode {
  'Node Type': string;
  'Actual Rows': number;
  'Actual Loops': number;
  Plans?: PlanNode[];
}
const nodes = (n: PlanNode): PlanNode[] => [n, ...(n.Plans ?? []).flatMap(nodes)];
const rowsOf = (n: PlanNode) => n['Actual Rows'] * n['Actual Loops'];

/** Every node of a query's plan, run (EXPLAIN ANALYZE). */
async function planNodes(sql: string, params: unknown[]): Promise<PlanNode[]> {
  const { rows } = await backend.db.query<{ 'QUERY PLAN': unknown }>(`EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`, params);
  const raw = rows[0]!['QUERY PLAN'];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan: PlanNode }>;
  return nodes(plan[0]!.Plan);
}

describe('the page query', () => {
  it('has no window over the matches and no plan node handles more rows than the page (failed before: a WindowAgg read every line)', async () => {
    const [{ n: total }] = (await backend.db.query<{ n: number }>('SELECT count(*)::int AS n FROM cmline')).rows as [{ n: number }];
    expect(total).toBeGreaterThan(1000);
    for (const startIndex of [0, 100]) {
      const { sql, params } = featurePageSql(selectLayer(LINES, undefined, undefined), { attrs: LINES.attributes, geometry: true, srid: 4326, digits: 6, sort: [], count: 10, startIndex });
      const all = await planNodes(sql, params);
      expect(all.map((n) => n['Node Type'])).not.toContain('WindowAgg');
      expect(Math.max(...all.map(rowsOf))).toBeLessThanOrEqual(10 + startIndex);
    }
  });
});

const bbox = (minx: number, miny: number, maxx: number, maxy: number) => ({ type: 'bbox' as const, attribute: null, envelope: { minx, miny, maxx, maxy } });
const intersecting = (box: number[], tail = '') =>
  backend.db.query<{ gid: number }>(`SELECT gid FROM cmline WHERE ST_Intersects(geom, ST_MakeEnvelope($1, $2, $3, $4, 4326)) ORDER BY gid ${tail}`, box);

describe('a page of a BBOX', () => {
  it('walks the lines in page order and stops after the page when the box holds many more (failed before: every line in the box was tested and sorted)', async () => {
    const box = [100, 12, 101, 13.7];
    expect((await intersecting(box)).rows.length).toBeGreaterThan(250);
    const sel = selectLayer(LINES, undefined, bbox(100, 12, 101, 13.7));
    const { sql, params } = featurePageSql(sel, { attrs: LINES.attributes, geometry: true, srid: 4326, digits: 6, sort: [], count: 50, startIndex: 0 });
    expect(Math.max(...(await planNodes(sql, params)).map(rowsOf))).toBeLessThanOrEqual(50);
  });

  it('holds only the lines that cross the box, page after page, where more lines only overlap it with their bounding boxes', async () => {
    const box = [98.3, 9.0, 98.4, 9.1];
    const { rows } = await backend.db.query<{ n: number }>('SELECT count(*)::int AS n FROM cmline WHERE geom && ST_MakeEnvelope($1, $2, $3, $4, 4326)', box);
    const expected = (await intersecting(box)).rows.map((r) => `page_cost_lines.${r.gid}`);
    expect(rows[0]!.n).toBeGreaterThan(expected.length);
    expect(expected.length).toBeGreaterThan(10);
    const ids: string[] = [];
    for (let startIndex = 0; startIndex <= expected.length; startIndex += 5) {
      const json = (
        await backend.get(WFS, {
          SERVICE: 'WFS',
          VERSION: '2.0.0',
          REQUEST: 'GetFeature',
          TYPENAMES: 'tcs:page_cost_lines',
          OUTPUTFORMAT: 'application/json',
          BBOX: '9.0,98.3,9.1,98.4,urn:ogc:def:crs:EPSG::4326',
          COUNT: 5,
          STARTINDEX: startIndex,
        })
      ).json();
      expect(json.numberMatched).toBe(expected.length);
      ids.push(...json.features.map((f: { id: string }) => f.id));
    }
    expect(ids).toEqual(expected);
  });
});

describe('numberMatched', () => {
  it('is counted once per filter and data version, identical counts at once sharing one query', async () => {
    const counts: string[] = [];
    const db: Database = {
      kind: backend.db.kind,
      query: (sql, params) => {
        counts.push(sql);
        return backend.db.query(sql, params);
      },
      transaction: (fn) => backend.db.transaction(fn),
      close: async () => undefined,
    };
    let version = 'v1';
    const matches = new MatchCounts(db, async () => version);
    const all = selectLayer(LINES, undefined, undefined);
    const recent = selectLayer(LINES, undefined, parseCql('line_year >= 2566', { locator: 'CQL_FILTER' }));
    const [a, b] = await Promise.all([matches.count(all), matches.count(all)]);
    expect(a).toBe(b);
    expect(counts).toHaveLength(1);
    expect(counts[0]).not.toMatch(/OVER|ST_As/);
    expect(await matches.count(all)).toBe(a);
    expect(await matches.known(all)).toBe(a);
    expect(counts).toHaveLength(1);
    const r = await matches.count(recent);
    expect(r).toBeLessThan(a);
    expect(counts).toHaveLength(2);
    version = 'v2';
    expect(await matches.known(all)).toBeUndefined();
    expect(await matches.count(all)).toBe(a);
    expect(counts).toHaveLength(3);
  });
});

describe('paging at a page boundary', () => {
  const page = (params: Record<string, string | number>) =>
    backend.get(WFS, { SERVICE: 'WFS', VERSION: '2.0.0', REQUEST: 'GetFeature', TYPENAMES: 'tcs:page_edge_points', OUTPUTFORMAT: 'application/json', ...params });
  const rels = (json: { links?: Array<{ rel: string }> }) => (json.links ?? []).map((l) => l.rel);

  it('following next visits every feature once; the last full page has no next', async () => {
    let target: string | undefined = `${WFS}?SERVICE=WFS&VERSION=2.0.0&REQUEST=GetFeature&TYPENAMES=tcs:page_edge_points&OUTPUTFORMAT=application/json&COUNT=10`;
    const ids: string[] = [];
    const returned: number[] = [];
    while (target) {
      const json = (await backend.request('GET', target)).json();
      expect(json.numberMatched).toBe(40);
      returned.push(json.numberReturned);
      ids.push(...json.features.map((f: { id: string }) => f.id));
      const next = json.links?.find((l: { rel: string }) => l.rel === 'next')?.href as string | undefined;
      target = next ? next.slice(next.indexOf('/geoserver')) : undefined;
    }
    expect(returned).toEqual([10, 10, 10, 10]);
    expect(new Set(ids).size).toBe(40);
  });

  it('next appears exactly when features follow', async () => {
    expect(rels((await page({ COUNT: 5, STARTINDEX: 30 })).json())).toEqual(['next', 'previous']);
    const end = (await page({ COUNT: 5, STARTINDEX: 35 })).json();
    expect([end.numberReturned, end.numberMatched, rels(end)]).toEqual([5, 40, ['previous']]);
    const past = (await page({ COUNT: 5, STARTINDEX: 40 })).json();
    expect([past.numberReturned, past.numberMatched]).toEqual([0, 40]);
    const gml = (await backend.get(WFS, { SERVICE: 'WFS', VERSION: '2.0.0', REQUEST: 'GetFeature', TYPENAMES: 'tcs:page_edge_points', COUNT: 20, STARTINDEX: 20 })).text;
    expect(gml).toContain('numberMatched="40" numberReturned="20"');
    expect(gml).not.toMatch(/ next="/);
  });
});
