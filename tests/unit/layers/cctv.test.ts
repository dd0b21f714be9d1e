// The cctv layer module (SPEC.md §2 /cctv, §3 CCTV popup): the 22 cameras from cctv.json as
// points; the popup's live video and 'Coastal CCTV Live' link take http(s) links only.
import { describe, expect, it } from 'vitest';
import { cctvDefinition, type CctvTemplate } from '../../../src/layers/cctv/definition.ts';
import { liveLink } from '../../../src/layers/cctv/draw.ts';
import { fakeFetch, ictx, lctx, testApp as app, validTemplate } from './helpers.ts';

const row = (i: number) => ({ id: i, CODE: `CCTV${String(i).padStart(2, '0')}`, SITE: `หาด ${i}`, BAND: 'HF Radar', link: `https://live.example/cam${i}.m3u8`, point: [99 + i * 0.05, 6.5 + i * 0.3] });
const t = validTemplate<CctvTemplate>({ id: 'cctv', layerId: 'cctv', type: 'cctv', name: 'กล้อง CCTV ชายฝั่ง', legend: 'stations', legendItem: 'cctv', auto: true });

describe('cctv', () => {
  it('instantiates with the default asset cctv.json and the cctv popup', () => {
    expect(cctvDefinition.instantiate(t, ictx(app))).toEqual({
      id: 'cctv', name: 'กล้อง CCTV ชายฝั่ง', type: 'cctv', legend: 'stations', legendItem: 'cctv',
      url: '/maps/assets/data/cctv.json', options: {}, draw: { popup: 'cctv', icon: { width: 24, height: 28 } },
    });
    expect(cctvDefinition.featureInfo).toBe('popup');
    expect(cctvDefinition.offersData).toBe(true);
  });

  it('§2 loads the asset by GET: 22 rows -> 22 points with CODE, SITE, BAND and link', async () => {
    const f = fakeFetch(() => Array.from({ length: 22 }, (_, i) => row(i + 1)));
    const loaded = await cctvDefinition.load!(t, cctvDefinition.instantiate(t, ictx(app)), lctx(app, {}, f.deps));
    expect(f.calls).toEqual([{ url: '/maps/assets/data/cctv.json', method: 'GET' }]);
    expect(loaded.geoJson.features).toHaveLength(22);
    expect(loaded.geoJson.features[21]).toEqual({
      type: 'Feature', id: 22, geometry: { type: 'Point', coordinates: [row(22).point[0], row(22).point[1]] },
      properties: { id: 22, CODE: 'CCTV22', SITE: 'หาด 22', BAND: 'HF Radar', link: 'https://live.example/cam22.m3u8' },
    });
  });

  it('a failed asset request rejects the load', async () => {
    const f = fakeFetch(() => new Error('HTTP 404'));
    await expect(cctvDefinition.load!(t, cctvDefinition.instantiate(t, ictx(app)), lctx(app, {}, f.deps))).rejects.toThrow('HTTP 404');
  });
});

describe('liveLink (the popup video and link)', () => {
  it('keeps http and https links (absolute or relative to the page)', () => {
    expect(liveLink('https://live.example/cam1.m3u8')).toBe('https://live.example/cam1.m3u8');
    expect(liveLink('http://live.example/cam1')).toBe('http://live.example/cam1');
    expect(liveLink('/live/cam1.mp4')).toBe('/live/cam1.mp4');
  });

  it('refuses javascript:, data: and other schemes, and what is not text', () => {
    expect(liveLink('javascript:alert(1)')).toBeNull();
    expect(liveLink(' JavaScript:alert(1)')).toBeNull();
    expect(liveLink('java\tscript:alert(1)')).toBeNull();
    expect(liveLink('data:text/html,<script>alert(1)</script>')).toBeNull();
    expect(liveLink('vbscript:msgbox')).toBeNull();
    expect(liveLink('ftp://live.example/cam1')).toBeNull();
    expect(liveLink(undefined)).toBeNull();
    expect(liveLink(42)).toBeNull();
    expect(liveLink({ href: 'https://x' })).toBeNull();
  });
});
