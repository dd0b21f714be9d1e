// SPEC.md §3/§4/§8 layer actions with recorded dependencies: WMS layers with the spec options and
// a fit from the router's getbound; erosion / accretion as GeoJSON with the loading toast, the
// merged result and its labelled parts (one per island) stored for the charts, the colour named by
// legend + legendItem, the empty-result toast and no re-fit, failures rejecting (the toggle row
// reverts) and cancelled loads adding nothing.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { colorExpression } from '../../../src/layers/draw/legendStyle.ts';
import { hideLayer, showLayer } from '../../../src/ui/topic/actions/layerActions.ts';
import { contextFor, realBundle, recorder, squares, variantOf } from './helpers.ts';

const bundle = await realBundle();
const y = (n: number) => ({ code: String(n), name: String(n) });
const samui = { code: '3', name: 'เกาะสมุย', extra: { prv_code: '84', amp_code: '8404', prv_name: 'สุราษฎร์ธานี', amp_name: 'เกาะสมุย' } };
const phaluai = { code: '6', name: 'เกาะพะลวย', extra: { prv_code: '84', amp_code: '8404', prv_name: 'สุราษฎร์ธานี', amp_name: 'เกาะสมุย' } };
const template = (route: string, path: string, id: string) => variantOf(bundle, route, path).layers.find((l) => l.id === id)!;
const flush = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('§3 WMS year layers', () => {
  it('adds the WMS layer with the spec options and fits to the getbound box 100 ms later (max zoom 12)', async () => {
    const rec = recorder(undefined, (q) => (q.mode === 'getbound' ? { data: [{ bbox: [100.34, 6.85, 101.12, 7.94] }], bbox: [100.34, 6.85, 101.12, 7.94] } : {}));
    const ctx = contextFor(bundle, 'cmline', '', { province: { code: '90', name: 'สงขลา' }, district: { code: '9001', name: 'เมืองสงขลา' } });
    const out = await showLayer(template('cmline', '', 'cmline'), ctx, { extraVars: { year: '2567' }, deps: rec.deps });
    expect(out).toEqual({ layerId: 'cmline-2567', featureCount: null });
    expect(rec.layers.get('cmline-2567')).toMatchObject({
      name: 'แนวชายฝั่ง พ.ศ. 2567',
      type: 'wms',
      url: '/geoserver/tcs_postgres/wms',
      page: 'cmline',
      options: { layers: 'tcs:cmline_2567', format: 'image/png', transparent: 'true', version: '1.1.0', CQL_FILTER: "prv_code = '90' and amp_code = '9001'" },
    });
    await flush();
    expect(rec.routerCalls).toEqual([{ page: 'wfs', mode: 'getbound', layer: 'tcs:cmline_2567', cql_filter: "prv_code = '90' and amp_code = '9001'" }]);
    expect(rec.map.fitBounds).not.toHaveBeenCalled();
    vi.advanceTimersByTime(bundle.app.delays.boundsMs);
    expect(rec.map.fitBounds).toHaveBeenCalledWith(
      [
        [100.34, 6.85],
        [101.12, 7.94],
      ],
      { maxZoom: 12, padding: bundle.app.map.resultPadding },
    );
    expect(rec.toasts).toEqual([]);
  });

  it('getbound failing falls back to pv-center; both failing is logged only', async () => {
    const rec = recorder(undefined, (q) => {
      if (q.mode === 'getbound') throw new Error('down');
      return { data: [{ bbox: [100.2, 6.8, 101.1, 7.9] }], bbox: [100.2, 6.8, 101.1, 7.9] };
    });
    const ctx = contextFor(bundle, 'shoreline', '', { province: { code: '90', name: 'สงขลา' } });
    await showLayer(template('shoreline', '', 'shoreline'), ctx, { extraVars: { year: '2559' }, deps: rec.deps });
    await flush();
    expect(rec.routerCalls.map((q) => q.mode)).toEqual(['getbound', 'pv-center']);
    expect(rec.routerCalls[1]).toEqual({ page: 'locations', mode: 'pv-center', 'pv-code': '90' });
    vi.advanceTimersByTime(100);
    expect(rec.map.fitBounds).toHaveBeenCalledTimes(1);

    const broken = recorder(undefined, () => {
      throw new Error('down');
    });
    await showLayer(template('shoreline', '', 'shoreline'), ctx, { extraVars: { year: '2559' }, deps: broken.deps });
    await flush();
    vi.advanceTimersByTime(100);
    expect(broken.layers.has('shoreline-2559')).toBe(true);
    expect(broken.map.fitBounds).not.toHaveBeenCalled();
    expect(broken.warnings).toHaveLength(2);
    expect(broken.toasts).toEqual([]);
  });

  it('a template without fit does not look up bounds', async () => {
    const rec = recorder();
    const ctx = contextFor(bundle, 'cmline-changearea', '', { province: { code: '90', name: 'สงขลา' }, start: y(2562), end: y(2567) });
    await showLayer(template('cmline-changearea', '', 'coastline'), ctx, { deps: rec.deps });
    await flush();
    expect(rec.layers.get('coastline')?.name).toBe('แนวชายฝั่ง พ.ศ. 2562 และ พ.ศ. 2567');
    expect(rec.routerCalls).toEqual([]);
  });
});

describe('§4/§8 erosion and accretion', () => {
  it('fetches, draws the GeoJSON in the spec colour, stores the result, shows the loading toast until done, fits', async () => {
    const fc = squares(3, 100.3, 7);
    const rec = recorder(() => fc);
    const ctx = contextFor(bundle, 'cmline-changearea', '', { province: { code: '90', name: 'สงขลา' }, start: y(2562), end: y(2567) });
    const pending = showLayer(template('cmline-changearea', '', 'erosion'), ctx, { rowId: 'erosion', deps: rec.deps });
    expect(rec.toasts).toEqual([{ kind: 'loading', text: 'กำลังโหลดข้อมูล...', id: 1, open: true }]);
    const out = await pending;
    expect(out).toEqual({ layerId: 'erosion', featureCount: 3 });
    expect(rec.toasts[0]?.open).toBe(false);
    expect(rec.fetches).toEqual([
      {
        url: '/geoserver/tcs_postgres/ows',
        method: 'POST',
        form: { service: 'WFS', version: '1.0.0', request: 'GetFeature', typeName: 'tcs:erosion_area', outputFormat: 'application/json', viewparams: 'code:90;start:2562;end:2567' },
      },
    ]);
    const layer = rec.layers.get('erosion')!;
    // The colour comes from the legend: erosion-accretion's item "erosion" (#FF0000), not a `color`.
    expect(layer).toMatchObject({ type: 'wfs', legend: 'erosion-accretion', legendItem: 'erosion', name: 'พื้นที่กัดเซาะ พ.ศ. 2562-2567' });
    expect(layer.color).toBeUndefined();
    expect(colorExpression(layer, bundle.legends)).toBe('#FF0000');
    expect(layer.geoJson?.features).toHaveLength(3);
    expect(rec.results.get('erosion')).toMatchObject({
      layerId: 'erosion', typeName: 'tcs:erosion_area', viewparams: 'code:90;start:2562;end:2567', viewparamEntries: { code: '90', start: '2562', end: '2567' },
    });
    expect(rec.results.get('erosion')?.features.features).toHaveLength(3);
    // Unsplit: one unlabelled part holding the same features.
    expect(rec.results.get('erosion')?.parts.map((p) => [p.label, p.features.features.length])).toEqual([[undefined, 3]]);
    vi.advanceTimersByTime(100);
    expect(rec.map.fitBounds).toHaveBeenCalledTimes(1);
    expect(rec.map.fitBounds.mock.calls[0]?.[0]).toEqual([
      [100.3, 7],
      [102.8, 7.5],
    ]);
  });

  it('several islands: one request each, merged, the parts kept in the row result labelled with the island', async () => {
    const rec = recorder((_, form) => (form?.viewparams?.startsWith('island:เกาะสมุย') ? squares(2, 99.9, 9.4, 3200, { island: 'เกาะสมุย' }) : squares(1, 99.7, 9.5, 1600, { island: 'เกาะพะลวย' })));
    const ctx = contextFor(bundle, 'cmline', 'island', { province: { code: '84', name: '' }, district: { code: '8404', name: '' }, islands: [samui, phaluai], start: y(2562), end: y(2567) });
    const out = await showLayer(template('cmline', 'island', 'accretion'), ctx, { rowId: 'accretion', deps: rec.deps });
    expect(out.featureCount).toBe(3);
    expect(rec.fetches.map((f) => f.form?.viewparams)).toEqual([
      'island:เกาะสมุย;ap_tn:เกาะสมุย;pv_tn:สุราษฎร์ธานี;start:2562;end:2567',
      'island:เกาะพะลวย;ap_tn:เกาะสมุย;pv_tn:สุราษฎร์ธานี;start:2562;end:2567',
    ]);
    const result = rec.results.get('accretion')!;
    expect(result.features.features).toHaveLength(3);
    expect(result.parts.map((p) => [p.label, p.features.features.length])).toEqual([
      ['เกาะสมุย', 2],
      ['เกาะพะลวย', 1],
    ]);
    expect(result.viewparamEntries).toEqual({ island: 'เกาะสมุย', ap_tn: 'เกาะสมุย', pv_tn: 'สุราษฎร์ธานี', start: '2562', end: '2567' });
    const layer = rec.layers.get('accretion')!;
    expect(layer).toMatchObject({ legend: 'erosion-accretion', legendItem: 'accretion' });
    expect(colorExpression(layer, bundle.legends)).toBe('#2AA7FE');
    expect(rec.toasts.filter((t) => t.open)).toEqual([]);
  });

  it('§5/§8 totalFeatures 0: the toast ไม่พบข้อมูลที่ต้องการ (and what to do, issue 24), no result, no re-fit; the (empty) layer is shown', async () => {
    const rec = recorder(() => ({ type: 'FeatureCollection', features: [], totalFeatures: 0, numberMatched: 0, numberReturned: 0 }));
    const ctx = contextFor(bundle, 'change', '', { province: { code: '84', name: '' }, start: y(2548), end: y(2559) });
    const out = await showLayer(template('change', '', 'erosion'), ctx, { rowId: 'erosion', deps: rec.deps });
    expect(out.featureCount).toBe(0);
    expect(rec.toasts.map((t) => [t.kind, t.text, t.open])).toEqual([
      ['loading', 'กำลังโหลดข้อมูล...', false],
      ['error', 'ไม่พบข้อมูลที่ต้องการ ลองเลือกพื้นที่หรือช่วงปีอื่น', true],
    ]);
    expect(rec.results.get('erosion')).toBeNull();
    expect(rec.layers.has('erosion')).toBe(true);
    vi.advanceTimersByTime(500);
    expect(rec.map.fitBounds).not.toHaveBeenCalled();
  });

  it('§8 a failure rejects (the row reverts), dismisses the loading toast and adds nothing', async () => {
    const rec = recorder(() => new Error('HTTP 500'));
    const ctx = contextFor(bundle, 'change', '', { province: { code: '84', name: '' }, start: y(2548), end: y(2559) });
    await expect(showLayer(template('change', '', 'erosion'), ctx, { rowId: 'erosion', deps: rec.deps })).rejects.toThrow('HTTP 500');
    expect(rec.layers.size).toBe(0);
    expect(rec.toasts.every((t) => !t.open)).toBe(true);
    const notJson = recorder(() => ({ errors: 'bad' }));
    await expect(showLayer(template('change', '', 'erosion'), ctx, { rowId: 'erosion', deps: notJson.deps })).rejects.toThrow(/FeatureCollection/);
  });

  it('a load cancelled while fetching (row hidden / layer removed) adds nothing', async () => {
    const controller = new AbortController();
    const rec = recorder(() => {
      controller.abort();
      return squares(1, 100, 7);
    });
    const ctx = contextFor(bundle, 'change', '', { province: { code: '84', name: '' }, start: y(2548), end: y(2559) });
    const onAdded = vi.fn();
    await expect(showLayer(template('change', '', 'erosion'), ctx, { rowId: 'erosion', signal: controller.signal, onAdded, deps: rec.deps })).rejects.toThrow();
    expect(rec.layers.size).toBe(0);
    expect(onAdded).not.toHaveBeenCalled();
    expect(rec.results.size).toBe(0);
  });

  it('Songkhla Lake erosion really shows its result: one request per lake province, merged', async () => {
    const rec = recorder((_, form) => (form?.viewparams?.startsWith('code:90') ? squares(2, 100.4, 7.2) : squares(1, 100.2, 7.6)));
    const ctx = contextFor(bundle, 'cmline-changearea', 'songkhla-lake-land', {
      province: [
        { code: '90', name: 'สงขลา' },
        { code: '93', name: 'พัทลุง' },
      ],
      start: y(2562),
      end: y(2567),
    });
    const out = await showLayer(template('cmline-changearea', 'songkhla-lake-land', 'erosion'), ctx, { rowId: 'erosion', deps: rec.deps });
    expect(out.featureCount).toBe(3);
    expect(rec.results.get('erosion')?.features.features).toHaveLength(3);
    expect(rec.results.get('erosion')?.parts.map((p) => [p.label, p.features.features.length])).toEqual([
      ['สงขลา', 2],
      ['พัทลุง', 1],
    ]);
  });

  it('hideLayer removes the layer and clears the row result (chart, table, download flag)', () => {
    const rec = recorder();
    rec.layers.set('erosion', { id: 'erosion', name: 'x', type: 'wfs' });
    hideLayer('erosion', 'erosion', rec.deps);
    expect(rec.layers.size).toBe(0);
    expect(rec.results.get('erosion')).toBeNull();
  });
});
