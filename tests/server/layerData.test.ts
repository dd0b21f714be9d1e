// Lists and totals of a published layer (issue 23 item 2): GET /tcs/v2/values and /tcs/v2/totals
// answer from the layer catalog on the sample database, on PGlite (project server) and
// PostgreSQL (project server-pg): distinct values with labels, a cascade filter, Thai sorting,
// the row limit, sum/count/mean grouped; a non-catalog column is a 400 naming the attributes; an
// injection attempt changes nothing; caching as WFS GetFeature (ETag of request and data, 304).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveFeatureType, type VectorFeatureType } from '../../src/server/data/featureTypes.ts';
import { LayerDataError, layerValues } from '../../src/server/data/layerData.ts';
import { SLOW } from './db/testDatabase.ts';
import { startBackend, type Backend } from './pageApi/helpers.ts';

let backend: Backend;
const thai = new Intl.Collator('th', { numeric: true });
const get = (kind: 'values' | 'totals', query: string, headers: Record<string, string> = {}) => backend.request('GET', `/tcs/v2/${kind}?${query}`, { headers });

beforeAll(async () => {
  backend = await startBackend();
}, SLOW);

afterAll(async () => {
  await backend?.close();
});

/** Rows of the layer coastallu_2558 (table landuse, lu_year 2558) straight from SQL. */
async function landuse<T>(select: string, rest = ''): Promise<T[]> {
  return (await backend.db.query<T>(`SELECT ${select} FROM landuse WHERE lu_year = 2558 ${rest}`)).rows;
}

describe('values', () => {
  it('gives the distinct provinces of a published layer, value and label, in Thai order of the label', async () => {
    const expected = (await landuse<{ value: string; label: string }>('DISTINCT prv_code AS value, prv_name AS label')).sort((a, b) => thai.compare(a.label, b.label));
    expect(expected.length).toBeGreaterThan(1);
    const res = await get('values', 'layer=coastallu_2558&value=prv_code&label=prv_name');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ errors: '', data: expected });
  });

  it('filters by another picker (districts of one province) and sorts by value, descending on request', async () => {
    const [province] = await landuse<{ prv_code: string }>('prv_code', 'GROUP BY prv_code ORDER BY count(DISTINCT amp_code) DESC LIMIT 1');
    const districts = await landuse<{ value: string; label: string }>('DISTINCT amp_code AS value, amp_name AS label', `AND prv_code = '${province!.prv_code}'`);
    expect(districts.length).toBeGreaterThan(1);
    const asc = await get('values', `layer=tcs:coastallu_2558&value=amp_code&label=amp_name&sort=value&filter.prv_code=${province!.prv_code}`);
    expect(asc.json().data).toEqual([...districts].sort((a, b) => a.value.localeCompare(b.value)));
    const desc = await get('values', `layer=coastallu_2558&value=amp_code&label=amp_name&sort=value&order=desc&filter.prv_code=${province!.prv_code}`);
    expect(desc.json().data).toEqual([...districts].sort((a, b) => b.value.localeCompare(a.value)));
  });

  it('takes several values of one filter (a multi-select) and numbers by value', async () => {
    const provinces = (await landuse<{ prv_code: string }>('DISTINCT prv_code', 'ORDER BY prv_code LIMIT 2')).map((r) => r.prv_code);
    const expected = await landuse<{ value: number }>('DISTINCT lu_year AS value', `AND prv_code IN ('${provinces.join("','")}')`);
    const res = await get('values', `layer=coastallu_2558&value=lu_year&${provinces.map((p) => `filter.prv_code=${p}`).join('&')}`);
    expect(res.json().data).toEqual(expected.map((r) => ({ value: r.value, label: r.value })));
  });

  it('refuses more distinct values than one answer holds (the WFS limit), saying to add a filter', async () => {
    const ft = resolveFeatureType('coastallu_2558') as VectorFeatureType;
    const all = await layerValues(backend.db, ft, { value: 'gid', filters: [], sort: 'value', descending: false }, 100_000);
    expect(all.length).toBeGreaterThan(3);
    await expect(layerValues(backend.db, ft, { value: 'gid', filters: [], sort: 'value', descending: false }, 3)).rejects.toThrow(LayerDataError);
    await expect(layerValues(backend.db, ft, { value: 'gid', filters: [], sort: 'value', descending: false }, all.length)).resolves.toHaveLength(all.length);
  });
});

describe('totals', () => {
  it('sums a column grouped by two columns, with the count of values that made each sum', async () => {
    const expected = await landuse<Record<string, unknown>>('prv_name, amp_name, sum(area_rai)::float8 AS area_rai, count(area_rai)::int AS count', 'GROUP BY 1, 2');
    expected.sort((a, b) => thai.compare(String(a.prv_name), String(b.prv_name)) || thai.compare(String(a.amp_name), String(b.amp_name)));
    const res = await get('totals', 'layer=coastallu_2558&op=sum&field=area_rai&groupBy=prv_name,amp_name');
    expect(res.status).toBe(200);
    const data = res.json().data as Array<Record<string, number | string>>;
    expect(data.map(({ area_rai, ...rest }) => rest)).toEqual(expected.map(({ area_rai, ...rest }) => rest));
    data.forEach((row, i) => expect(row.area_rai).toBeCloseTo(Number(expected[i]!.area_rai), 6));
  });

  it('counts rows and averages a column per group, filtered', async () => {
    const [province] = await landuse<{ prv_code: string }>('prv_code', 'ORDER BY prv_code LIMIT 1');
    const counts = await landuse<{ lul2_code: string; count: number }>('lul2_code, count(*)::int AS count', `AND prv_code = '${province!.prv_code}' GROUP BY 1`);
    const res = await get('totals', `layer=coastallu_2558&op=count&groupBy=lul2_code&filter.prv_code=${province!.prv_code}`);
    expect(res.json().data).toEqual(counts.sort((a, b) => thai.compare(a.lul2_code, b.lul2_code)));

    const [mean] = await landuse<{ area_rai: number; count: number }>('avg(area_rai)::float8 AS area_rai, count(area_rai)::int AS count');
    const whole = (await get('totals', 'layer=coastallu_2558&op=mean&field=area_rai')).json().data as Array<{ area_rai: number; count: number }>;
    expect(whole).toHaveLength(1);
    expect(whole[0]!.count).toBe(mean!.count);
    expect(whole[0]!.area_rai).toBeCloseTo(mean!.area_rai, 6);
  });
});

describe('mistakes and hostile requests', () => {
  it.each([
    ['values', 'layer=coastallu_2558&value=provice', /value "provice" is not an attribute of layer coastallu_2558 \(attributes: gid, lu_year, lul2_code/],
    ['values', 'layer=coastallu_2558&value=prv_code&label=geom', /label "geom" is not an attribute/],
    ['values', 'layer=cmline_2567&value=zone', /value "zone" is not an attribute of layer cmline_2567/],
    ['values', 'layer=coastallu_2558&value=prv_code&filter.zone=x', /filter column "zone" is not an attribute/],
    ['values', 'layer=coastallu_2558&value=prv_code&prv_code=20', /unknown parameter "prv_code" \(layer, value, label, sort, order, or filter\.<column>\)/],
    ['values', 'layer=coastallu_2559&value=prv_code', /layer "coastallu_2559" is not published by the layer catalog/],
    ['values', 'layer=erosion_area&value=prv_code', /layer erosion_area needs viewparams \(code, start, end\)/],
    ['values', 'layer=coastallu_2558', /missing parameter value/],
    ['totals', 'layer=coastallu_2558&op=sum&field=lul2_t', /field "lul2_t" is string, not a number/],
    ['totals', 'layer=coastallu_2558&op=sum', /op sum needs a field/],
    ['totals', 'layer=coastallu_2558&op=median&field=area_rai', /op must be one of sum, count, mean/],
    ['totals', 'layer=coastallu_2558&op=sum&field=area_rai&groupBy=prv_nam', /groupBy column "prv_nam" is not an attribute/],
    ['totals', 'layer=coastallu_2558&op=sum&field=area_rai&groupBy=area_rai', /groupBy column "area_rai" is also a column of the answer/],
    ['totals', 'layer=coastallu_2558&op=count&filter.lu_year=2558abc', /filter lu_year: "2558abc" is not an integer/],
  ] as const)('%s?%s is a 400 that says why', async (kind, query, message) => {
    const res = await get(kind, query);
    expect(res.status).toBe(400);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers.etag).toBeUndefined();
    const body = res.json();
    expect(body.data).toEqual([]);
    expect(body.errors).toMatch(message);
  });

  it('an injection attempt through names or values changes nothing and finds nothing', async () => {
    const state = async () => JSON.stringify((await backend.db.query(`SELECT (SELECT count(*)::int FROM landuse) AS n, (SELECT count(*)::int FROM pg_tables WHERE schemaname = 'public') AS t`)).rows);
    const before = await state();
    const names = await get('values', `layer=coastallu_2558&value=${encodeURIComponent('prv_code; DROP TABLE landuse; --')}`);
    expect(names.status).toBe(400);
    const layer = await get('values', `layer=${encodeURIComponent('coastallu_2558 f; DROP TABLE landuse')}&value=prv_code`);
    expect(layer.status).toBe(400);
    const value = await get('values', `layer=coastallu_2558&value=prv_code&filter.prv_code=${encodeURIComponent("' OR '1'='1'; DROP TABLE landuse; --")}`);
    expect(value.status).toBe(200);
    expect(value.json().data).toEqual([]);
    const numeric = await get('totals', `layer=coastallu_2558&op=count&filter.area_rai=${encodeURIComponent('1) OR (1=1')}`);
    expect(numeric.status).toBe(400);
    expect(await state()).toBe(before);
  });

  it('caches as WFS GetFeature: an ETag of the request and the data, no-cache, 304 when held', async () => {
    const query = 'layer=coastallu_2558&value=prv_code&label=prv_name';
    const first = await get('values', query);
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers['access-control-allow-origin']).toBe('*');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"values-/);
    const again = await get('values', query, { 'If-None-Match': etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const other = await get('values', `${query}&order=desc`, { 'If-None-Match': etag });
    expect(other.status).toBe(200);
    expect(other.headers.etag).not.toBe(etag);
    const gz = await get('totals', 'layer=coastallu_2558&op=sum&field=area_rai&groupBy=prv_name,amp_name', { 'Accept-Encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
  });
});
