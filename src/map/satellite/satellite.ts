// Satellite imagery years (SPEC.md §3 Satellite layer option, §4 Satellite year): one year at a
// time, clicking the selected year clears it; drawn as a WMS layer just above the base map.
import type { AppConfig } from '../../engine/types.ts';
import { createStore } from '../../state/store.ts';

export const SATELLITE_LAYER_ID = 'gistda-satellite';

interface SatelliteOption {
  /** gistda_satellite_YYYY */
  id: string;
  /** 'ปี พ.ศ. ' + year */
  name: string;
  year: number;
}

export const satelliteStore = createStore<{ selected: string | null }>({ selected: null });

/** Clicking the selected year clears it; clicking another selects it (one active). */
export function nextSatellite(current: string | null, clicked: string): string | null {
  return current === clicked ? null : clicked;
}

export function toggleSatellite(id: string): void {
  satelliteStore.set(({ selected }) => ({ selected: nextSatellite(selected, id) }));
}

export function satelliteOptions(satellite: AppConfig['satellite']): SatelliteOption[] {
  const pattern = satellite.layerPattern ?? 'gistda_satellite_{year}';
  return satellite.years.map((year) => ({ id: pattern.replace('{year}', String(year)), name: `ปี พ.ศ. ${year}`, year }));
}

/** The access key, only when the server passed one into the client config; never committed. */
function satelliteKey(satellite: AppConfig['satellite']): string | undefined {
  const key = (satellite as { key?: unknown }).key;
  return typeof key === 'string' && key !== '' ? key : undefined;
}

/** GetMap tile URL of a satellite year; `key` only when there is one. */
export function satelliteTileUrl(app: Pick<AppConfig, 'satellite' | 'product'>, layerName: string): string {
  const params = new URLSearchParams({
    SERVICE: 'WMS',
    REQUEST: 'GetMap',
    VERSION: '1.1.0',
    LAYERS: layerName,
    STYLES: '',
    FORMAT: 'image/png',
    TRANSPARENT: 'TRUE',
    EXCEPTIONS: 'application/vnd.ogc.se_inimage',
    SRS: 'EPSG:3857',
    WIDTH: '256',
    HEIGHT: '256',
  });
  const key = satelliteKey(app.satellite);
  if (key) params.set('key', key);
  const url = app.satellite.url.replace('{product}', app.product);
  return `${url}?${params.toString()}&BBOX={bbox-epsg-3857}`;
}
