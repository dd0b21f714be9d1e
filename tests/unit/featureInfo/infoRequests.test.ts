// GetFeatureInfo requests of a map click (SPEC.md §4 Map click, §7 "WMS GetFeatureInfo via
// router?page=wms&wms={encoded url}": version 1.1.0, EPSG:4326, JSON, click pixel X/Y, bbox,
// size, one request per distinct URL, for the WMS layers of the current page).
import { describe, expect, it } from 'vitest';
import type { MapLayer } from '../../../src/map/layerStore.ts';
import {
  featureInfoRequests,
  featureInfoUrl,
  featureTypeOf,
  infoLayersOf,
  infoPixel,
  layerOfFeature,
  proxiedInfoUrl,
  type InfoLayer,
  type InfoViewport,
} from '../../../src/ui/featureInfo/infoRequests.ts';

const WMS = '/geoserver/tcs_postgres/wms';
const OTHER = 'https://gis.example.go.th/geoserver/ows';
const ROUTER = '/tcs/v2/router';

let z = 600;
function wms(id: string, layers: string, extra: Partial<MapLayer> = {}): MapLayer {
  return {
    id,
    name: `ชั้น ${id}`,
    type: 'wms',
    url: WMS,
    options: { layers, format: 'image/png', transparent: 'true', version: '1.1.0' },
    zIndex: z++,
    visible: true,
    ...extra,
  };
}

const viewport: InfoViewport = { bbox: [100, 6, 102, 8], width: 800, height: 400 };
const click = { lng: 100.5, lat: 7.5 };

function query(url: string): URLSearchParams {
  return new URL(url, 'http://x').searchParams;
}

describe('infoLayersOf: the WMS layers of the current page', () => {
  it('keeps visible WMS layers with a URL and layer names, top (highest zIndex) first', () => {
    const layers = [
      wms('a', 'tcs:cmline_2562', { zIndex: 601 }),
      wms('b', 'tcs:cmline_2567', { zIndex: 605 }),
      wms('hidden', 'tcs:cmline_2563', { visible: false }),
      { ...wms('wfs', 'tcs:erosion_area'), type: 'wfs' as const },
      { ...wms('geojson', ''), type: 'geojson' as const },
      wms('nourl', 'tcs:x', { url: undefined }),
    ];
    expect(infoLayersOf(layers).map((l) => l.id)).toEqual(['b', 'a']);
  });

  it('leaves out layers of another page and excluded ones (satellite imagery)', () => {
    const layers = [wms('here', 'tcs:a', { page: 'cmline' }), wms('there', 'tcs:b', { page: 'landuse' }), wms('any', 'tcs:c'), wms('gistda_satellite_2567', 'gistda_satellite_2567')];
    const ids = infoLayersOf(layers, { page: 'cmline', exclude: (l) => l.id.startsWith('gistda_satellite_') }).map((l) => l.id);
    expect(ids.sort()).toEqual(['any', 'here']);
  });

  it('carries the CQL filter, colour and legend of each layer', () => {
    const [l] = infoLayersOf([wms('a', 'tcs:cmline_2567', { options: { layers: 'tcs:cmline_2567', CQL_FILTER: "prv_code = '90'" }, color: '#123456', legend: 'cmline-years' })]);
    expect(l).toMatchObject({ url: WMS, layers: 'tcs:cmline_2567', cql: "prv_code = '90'", color: '#123456', legend: 'cmline-years' });
  });
});

describe('infoPixel: X/Y of the click in the EPSG:4326 image of the view', () => {
  it('gives the column and row of the clicked lon/lat, as whole pixels', () => {
    expect(infoPixel(viewport, click)).toEqual({ x: 200, y: 100 });
    expect(infoPixel(viewport, { lng: 100, lat: 8 })).toEqual({ x: 0, y: 0 });
  });

  it('clamps to the image', () => {
    expect(infoPixel(viewport, { lng: 102, lat: 6 })).toEqual({ x: 799, y: 399 });
    expect(infoPixel(viewport, { lng: 99, lat: 9 })).toEqual({ x: 0, y: 0 });
  });

  it('the server, reading X/Y linearly in the BBOX, finds the clicked point again (within a pixel)', () => {
    const p = infoPixel(viewport, { lng: 101.2345, lat: 6.789 });
    const lng = 100 + ((p.x + 0.5) / 800) * 2;
    const lat = 8 - ((p.y + 0.5) / 400) * 2;
    expect(Math.abs(lng - 101.2345)).toBeLessThan(2 / 800);
    expect(Math.abs(lat - 6.789)).toBeLessThan(2 / 400);
  });
});

describe('featureInfoUrl: the parameters of SPEC.md §7', () => {
  const layers: InfoLayer[] = [
    { id: 'b', name: 'B', url: WMS, layers: 'tcs:cmline_2567', cql: "prv_code = '90'" },
    { id: 'a', name: 'A', url: WMS, layers: 'tcs:cmline_2562' },
  ];
  const q = query(featureInfoUrl(WMS, layers, viewport, { x: 200, y: 100 }));

  it('WMS 1.1.0 GetFeatureInfo in EPSG:4326 with JSON answers', () => {
    expect(q.get('SERVICE')).toBe('WMS');
    expect(q.get('VERSION')).toBe('1.1.0');
    expect(q.get('REQUEST')).toBe('GetFeatureInfo');
    expect(q.get('SRS')).toBe('EPSG:4326');
    expect(q.get('INFO_FORMAT')).toBe('application/json');
  });

  it('the view as BBOX (west,south,east,north), WIDTH and HEIGHT, and the click as X and Y', () => {
    expect(q.get('BBOX')).toBe('100,6,102,8');
    expect(q.get('WIDTH')).toBe('800');
    expect(q.get('HEIGHT')).toBe('400');
    expect(q.get('X')).toBe('200');
    expect(q.get('Y')).toBe('100');
  });

  it('QUERY_LAYERS (= LAYERS) are the layers of that URL, with one CQL filter per layer (INCLUDE when none)', () => {
    expect(q.get('QUERY_LAYERS')).toBe('tcs:cmline_2567,tcs:cmline_2562');
    expect(q.get('LAYERS')).toBe('tcs:cmline_2567,tcs:cmline_2562');
    expect(q.get('CQL_FILTER')).toBe("prv_code = '90';INCLUDE");
    expect(Number(q.get('FEATURE_COUNT'))).toBeGreaterThan(1);
  });

  it('no CQL_FILTER when no layer has one; the URL keeps its path', () => {
    const url = featureInfoUrl(WMS, [{ id: 'a', name: 'A', url: WMS, layers: 'tcs:cmline_2562' }], viewport, { x: 1, y: 2 });
    expect(url.startsWith(`${WMS}?`)).toBe(true);
    expect(query(url).has('CQL_FILTER')).toBe(false);
  });

  it('a filter value with quotes and ";" inside a literal is passed through encoded, not split', () => {
    const url = featureInfoUrl(WMS, [{ id: 'a', name: 'A', url: WMS, layers: 'tcs:x', cql: "island = 'เกาะ''ยอ'" }], viewport, { x: 1, y: 2 });
    expect(query(url).get('CQL_FILTER')).toBe("island = 'เกาะ''ยอ'");
  });
});

describe('featureInfoRequests: one request per distinct URL', () => {
  const layers: InfoLayer[] = [
    { id: 'c', name: 'C', url: WMS, layers: 'tcs:cmline_2567' },
    { id: 'x', name: 'X', url: OTHER, layers: 'dmcr:coast' },
    { id: 'd', name: 'D', url: WMS, layers: 'tcs:cmline_2566' },
    { id: 'e', name: 'E', url: WMS, layers: 'tcs:cmline_2565' },
  ];
  const requests = featureInfoRequests(layers, viewport, click, ROUTER);

  it('groups the layers by URL, in first-seen order, each with its layers top first', () => {
    expect(requests).toHaveLength(2);
    expect(requests.map((r) => r.layers.map((l) => l.id))).toEqual([['c', 'd', 'e'], ['x']]);
    expect(query(requests[0]!.url).get('QUERY_LAYERS')).toBe('tcs:cmline_2567,tcs:cmline_2566,tcs:cmline_2565');
    expect(requests[1]!.url.startsWith(`${OTHER}?`)).toBe(true);
  });

  it('each goes through the router proxy: router?page=wms&wms=<encoded url>', () => {
    for (const r of requests) {
      expect(r.proxied).toBe(`${ROUTER}?page=wms&wms=${encodeURIComponent(r.url)}`);
      const back = new URL(r.proxied, 'http://x').searchParams;
      expect(back.get('page')).toBe('wms');
      expect(back.get('wms')).toBe(r.url);
    }
    expect(proxiedInfoUrl(ROUTER, '/a?b=c&d=e')).toBe('/tcs/v2/router?page=wms&wms=%2Fa%3Fb%3Dc%26d%3De');
  });

  it('no layers, or a view with no size, sends nothing', () => {
    expect(featureInfoRequests([], viewport, click, ROUTER)).toEqual([]);
    expect(featureInfoRequests(layers, { ...viewport, width: 0 }, click, ROUTER)).toEqual([]);
  });

  it('the same layer twice (same filter) is asked once', () => {
    const twice = featureInfoRequests([layers[0]!, { ...layers[0]!, id: 'again' }], viewport, click, ROUTER);
    expect(twice).toHaveLength(1);
    expect(query(twice[0]!.url).get('QUERY_LAYERS')).toBe('tcs:cmline_2567');
  });
});

describe('which layer a feature of the answer belongs to', () => {
  const layers: InfoLayer[] = [
    { id: 'c', name: 'แนวชายฝั่ง 2567', url: WMS, layers: 'tcs:cmline_2567' },
    { id: 'd', name: 'แนวชายฝั่ง 2566', url: WMS, layers: 'tcs:cmline_2566' },
  ];
  it('reads the feature type from the id (type.fid), without a workspace', () => {
    expect(featureTypeOf('cmline_2566.12')).toBe('cmline_2566');
    expect(featureTypeOf('tcs:cmline_2566.12')).toBe('cmline_2566');
    expect(featureTypeOf(12)).toBeNull();
    expect(layerOfFeature(layers, 'cmline_2566.3')?.name).toBe('แนวชายฝั่ง 2566');
  });
  it('an unknown id falls back to the only layer, or none', () => {
    expect(layerOfFeature([layers[0]!], 'x.1')?.id).toBe('c');
    expect(layerOfFeature(layers, 'x.1')).toBeUndefined();
  });
});
