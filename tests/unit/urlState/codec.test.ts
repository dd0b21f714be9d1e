// URL state (issue 11): encode/decode round trips, the readable form, what is ignored, and what a
// page accepts (restorePlan).
import { describe, expect, it } from 'vitest';
import { decodeUrlState, encodeUrlState, passthroughOf, type UrlState } from '../../../src/engine/urlState.ts';
import { planRestore } from '../../../src/ui/urlState/restorePlan.ts';
import { shareableUrl } from '../../../src/ui/urlState/copyLink.ts';
import { loadBundle, CONFIG_DIR } from '../../e2e/support/server.ts';

const full: UrlState = {
  view: { center: [100.52, 13.75], zoom: 6 },
  pickers: { province: ['90'], islands: ['12', '1,5'] },
  rows: [
    { id: 'cmline-2567', visible: true },
    { id: 'cmline-2566', visible: false },
  ],
  basemap: 'offline',
  satellite: 2567,
};

describe('URL state codec', () => {
  it('writes a short, readable, versioned query', () => {
    expect(encodeUrlState(full)).toBe('?v=1&c=100.5200,13.7500&z=6.00&p.province=90&p.islands=12,1%2C5&rows=cmline-2567,~cmline-2566&bm=offline&sat=2567');
  });

  it('reads back what it wrote, including codes with commas and Thai', () => {
    const state: UrlState = { ...full, pickers: { ...full.pickers, name: ['เกาะล้าน'] } };
    expect(decodeUrlState(encodeUrlState(state))).toEqual({ state, problems: [] });
  });

  it('keeps QA switches beside the state', () => {
    const search = encodeUrlState(full, passthroughOf('?qa=1&x=2'));
    expect(search.endsWith('&qa=1')).toBe(true);
    expect(decodeUrlState(search).problems).toEqual([]);
  });

  it('no query: no state and nothing to say', () => {
    expect(decodeUrlState('')).toEqual({ state: null, problems: [] });
    expect(decodeUrlState('?qa=1')).toEqual({ state: null, problems: [] });
    // the admin's failed-request panel is no map state either ('unknown value' toast on /beachwatch?debug=1)
    expect(decodeUrlState('?debug=1')).toEqual({ state: null, problems: [] });
    expect(encodeUrlState(full, passthroughOf('?debug=1')).endsWith('&debug=1')).toBe(true);
  });

  it('a link without v is read as version 1; an unknown version is ignored as a whole', () => {
    expect(decodeUrlState('?z=7&c=100,13').state?.view).toEqual({ center: [100, 13], zoom: 7 });
    expect(decodeUrlState('?v=9&z=7&c=100,13')).toEqual({ state: null, problems: ['v=9: unknown version'] });
  });

  it('ignores unknown keys and invalid values one by one, keeping the rest', () => {
    const { state, problems } = decodeUrlState('?v=1&c=500,13&z=6&p.province=&rows=ok,<bad>,ok&bm=a%20b&sat=25x&what=1&p.district=12');
    expect(state).toEqual({ pickers: { district: ['12'] }, rows: [{ id: 'ok', visible: true }] });
    expect(problems).toEqual(['c=500,13', 'p.province=', 'rows=<bad>', 'rows=ok', 'bm=a b', 'sat=25x', 'what=1', 'c and z go together']);
  });

  it('never throws on garbage', () => {
    for (const s of ['?%E0%A4%A', '?c=%', '?rows=%ZZ', '?&&&=', '?p.=1', '?z=-1&c=1,1', '?c=1,2,3&z=1']) expect(() => decodeUrlState(s)).not.toThrow();
  });

  it('the copied link drops the QA switch and the hash', () => {
    expect(shareableUrl('http://h/maps/cmline?qa=1#x', '?v=1&qa=1&z=6.00')).toBe('http://h/maps/cmline?v=1&z=6.00');
    expect(shareableUrl('http://h/maps/cmline', '?qa=1')).toBe('http://h/maps/cmline');
  });
});

describe('restore plan (what a page accepts)', async () => {
  const bundle = await loadBundle(CONFIG_DIR);
  const cmline = bundle.topics.find((t) => t.route === 'cmline')!;
  const land = cmline.variants.find((v) => v.path === '')!;
  const island = cmline.variants.find((v) => v.path === 'island')!;

  it('keeps known pickers, rows, base map and satellite year', () => {
    const plan = planRestore(full, land, bundle.app);
    expect(plan.problems).toEqual(['p.islands: no such picker']);
    expect(plan.pickers).toEqual({ province: ['90'] });
    expect(plan.rows.map((r) => r.id)).toEqual(['cmline-2567', 'cmline-2566']);
    expect(plan).toMatchObject({ basemap: 'offline', satellite: 2567, view: full.view });
  });

  it('drops unknown rows, base maps, satellite years and pickers without their parents', () => {
    const plan = planRestore({ pickers: { district: ['9001'] }, rows: [{ id: 'cmline-1999', visible: true }, { id: 'nope', visible: true }], basemap: 'mars', satellite: 2400 }, land, bundle.app);
    expect(plan.pickers).toEqual({});
    expect(plan.rows).toEqual([]);
    expect(plan.basemap).toBeUndefined();
    expect(plan.satellite).toBeUndefined();
    expect(plan.problems).toEqual(['p.district: needs province', 'rows: cmline-1999', 'rows: nope', 'bm=mars', 'sat=2400']);
  });

  it('knows the rows of a rows section', () => {
    const rows = island.sections.flatMap((s) => ('rows' in s && Array.isArray(s.rows) ? (s.rows as Array<{ id: string }>).map((r) => r.id) : []));
    expect(rows.length).toBeGreaterThan(0);
    expect(planRestore({ pickers: {}, rows: rows.map((id) => ({ id, visible: true })) }, island, bundle.app).problems).toEqual([]);
  });

  it("knows the layers of 'เพิ่มชั้นข้อมูล' buttons and of switches, 'CVI Process' included (issue 24 defect 5)", () => {
    const variant = (route: string, path: string) => bundle.topics.find((t) => t.route === route)!.variants.find((v) => v.path === path)!;
    const rows = (ids: string[]) => ids.map((id) => ({ id, visible: true }));
    const lake = planRestore({ pickers: {}, rows: rows(['rate-lake', 'rate-lake-island']) }, variant('cmline-changerate', 'songkhla'), bundle.app);
    expect(lake.rows.map((r) => r.id)).toEqual(['rate-lake']);
    expect(lake.problems).toEqual(['rows: rate-lake-island']);
    const cvi = planRestore({ pickers: {}, rows: rows(['values-1_3', 'values-11', 'values-1_1', 'values-12', 'values-1-1']) }, variant('cvi', ''), bundle.app);
    expect(cvi.rows.map((r) => r.id)).toEqual(['values-1_3', 'values-11']);
    expect(cvi.problems).toEqual(['rows: values-1_1', 'rows: values-12', 'rows: values-1-1']);
    const potential = planRestore({ pickers: {}, rows: rows(['suitability-1-high', 'suitability-3-low', 'suitability-4-low']) }, variant('potentialarea', ''), bundle.app);
    expect(potential.rows.map((r) => r.id)).toEqual(['suitability-1-high', 'suitability-3-low']);
    // The dashboard's report switches are inert: they add no layer.
    expect(planRestore({ pickers: {}, rows: rows(['reports-1-erosion-stats']) }, variant('dashboard', ''), bundle.app).rows).toEqual([]);
  });
});
