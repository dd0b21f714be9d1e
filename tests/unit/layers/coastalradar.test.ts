// The coastalradar layer module (SPEC.md §2 /radar, §3 Radar station, §9 icon 24x28): the HF
// radar stations from the bundled asset rows {id, CODE, SITE, BAND, link, point: [lon, lat]}
// as points; a click answers with a popup (CODE, BAND, SITE).
import { describe, expect, it } from 'vitest';
import { coastalradarDefinition, type CoastalradarTemplate } from '../../../src/layers/coastalradar/definition.ts';
import { STATION_ICON, stationPoints } from '../../../src/layers/stations.ts';
import { fakeFetch, ictx, lctx, testApp as app, validTemplate } from './helpers.ts';

const row = (i: number) => ({ id: i, CODE: `R${String(i).padStart(2, '0')}`, SITE: `สถานี ${i}`, BAND: 'HF Radar', link: `https://cctv.example/${i}`, point: [98 + i * 0.1, 7 + i * 0.2] });
const t = validTemplate<CoastalradarTemplate>({ id: 'stations', layerId: 'radar-stations', type: 'coastalradar', name: 'สถานีเรดาร์ชายฝั่ง', legend: 'stations', legendItem: 'radar', auto: true });

describe('stationPoints', () => {
  it('one Point per row at [lon, lat], the row (without point) as properties, id kept', () => {
    expect(stationPoints([row(1)])).toEqual({
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature', id: 1, geometry: { type: 'Point', coordinates: [98.1, 7.2] },
          properties: { id: 1, CODE: 'R01', SITE: 'สถานี 1', BAND: 'HF Radar', link: 'https://cctv.example/1' },
        },
      ],
    });
  });

  it('reads a bare array or a router-style { data: [...] }; rows without a numeric [lon, lat] are skipped', () => {
    expect(stationPoints({ data: [row(1), row(2)] }).features).toHaveLength(2);
    expect(stationPoints([row(1), { ...row(2), point: null }, { ...row(3), point: ['98', '7'] }, { CODE: 'x' }]).features.map((f) => f.properties?.CODE)).toEqual(['R01']);
    expect(stationPoints(null).features).toEqual([]);
    expect(stationPoints({ errors: 'x' }).features).toEqual([]);
  });
});

describe('coastalradar', () => {
  it('instantiates with the default asset radar_stations.json, the 24x28 icon and the radar popup', () => {
    expect(STATION_ICON).toEqual({ width: 24, height: 28 });
    expect(coastalradarDefinition.instantiate(t, ictx(app))).toEqual({
      id: 'radar-stations', name: 'สถานีเรดาร์ชายฝั่ง', type: 'coastalradar', legend: 'stations', legendItem: 'radar',
      url: '/maps/assets/data/radar_stations.json', options: {}, draw: { popup: 'radar', icon: { width: 24, height: 28 } },
    });
    expect(coastalradarDefinition.instantiate({ ...t, asset: 'other/radar.json' }, ictx(app)).url).toBe('/maps/assets/data/other/radar.json');
    expect(coastalradarDefinition.featureInfo).toBe('popup');
  });

  it('§2 loads the asset by GET: 21 rows -> 21 points, one unlabelled part', async () => {
    const f = fakeFetch(() => Array.from({ length: 21 }, (_, i) => row(i + 1)));
    const inst = coastalradarDefinition.instantiate(t, ictx(app));
    const loaded = await coastalradarDefinition.load!(t, inst, lctx(app, {}, f.deps));
    expect(f.calls).toEqual([{ url: '/maps/assets/data/radar_stations.json', method: 'GET' }]);
    expect(loaded.geoJson.features).toHaveLength(21);
    expect(loaded.geoJson.features.every((x) => x.geometry.type === 'Point')).toBe(true);
    expect(loaded.geoJson.features.map((x) => x.properties?.CODE)).toEqual(Array.from({ length: 21 }, (_, i) => row(i + 1).CODE));
    expect(loaded.parts).toEqual([{ features: loaded.geoJson }]);
  });
});
