// Satellite years: clicking the selected year clears it, another selects it, one active; the
// options and the WMS tile URL (LAYERS=gistda_satellite_YYYY, key only when there is one).
import { beforeEach, describe, expect, it } from 'vitest';
import { nextSatellite, satelliteOptions, satelliteStore, satelliteTileUrl, toggleSatellite } from '../../../src/map/satellite/satellite.ts';

const satellite = { url: '/geoserver/{product}_postgres/wms', layerPattern: 'gistda_satellite_{year}', keyEnv: 'GISTDA_SATELLITE_KEY', years: [2562, 2563, 2564, 2565, 2566, 2567] };

describe('satellite year toggle', () => {
  beforeEach(() => satelliteStore.set({ selected: null }));

  it('selects, switches and clears', () => {
    expect(nextSatellite(null, 'gistda_satellite_2562')).toBe('gistda_satellite_2562');
    expect(nextSatellite('gistda_satellite_2562', 'gistda_satellite_2562')).toBeNull();
    expect(nextSatellite('gistda_satellite_2562', 'gistda_satellite_2567')).toBe('gistda_satellite_2567');
    toggleSatellite('gistda_satellite_2563');
    expect(satelliteStore.get().selected).toBe('gistda_satellite_2563');
    toggleSatellite('gistda_satellite_2565');
    expect(satelliteStore.get().selected).toBe('gistda_satellite_2565');
    toggleSatellite('gistda_satellite_2565');
    expect(satelliteStore.get().selected).toBeNull();
  });

  it('lists the six years with Thai labels and layer ids', () => {
    const options = satelliteOptions(satellite);
    expect(options.map((o) => o.id)).toEqual(satellite.years.map((y) => `gistda_satellite_${y}`));
    expect(options[0]?.name).toBe('ปี พ.ศ. 2562');
  });

  it('builds the GetMap tile URL, with the key only when one is configured', () => {
    const url = new URL(satelliteTileUrl({ satellite, product: 'tcs' }, 'gistda_satellite_2564'), 'http://x');
    expect(url.pathname).toBe('/geoserver/tcs_postgres/wms');
    expect(url.searchParams.get('LAYERS')).toBe('gistda_satellite_2564');
    expect(url.searchParams.get('REQUEST')).toBe('GetMap');
    expect(url.searchParams.get('EXCEPTIONS')).toBe('application/vnd.ogc.se_inimage');
    expect(url.searchParams.has('key')).toBe(false);
    const keyed = new URL(satelliteTileUrl({ satellite: { ...satellite, key: 'k1' } as typeof satellite, product: 'tcs' }, 'gistda_satellite_2564'), 'http://x');
    expect(keyed.searchParams.get('key')).toBe('k1');
  });
});
