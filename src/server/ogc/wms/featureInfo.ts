// WMS GetFeatureInfo: the features near the clicked pixel as GeoServer-shaped GeoJSON.

import type { VectorFeatureType } from '../../data/featureTypes.ts';
import { OgcError } from '../exception.ts';
import { mapView, nameList } from '../params.ts';
import { queryNear, selectLayer } from '../query.ts';
import { MAX_SIZE, MIN_SIZE } from '../render/index.ts';
import type { OgcRequest, OgcServiceCore as OgcService } from '../serviceCore.ts';
import { mapLayers, type MapLayerRequest } from './mapLayers.ts';

/** GetFeatureInfo: default search radius around the clicked pixel. */
const INFO_BUFFER_PX = 5;
const MAX_FEATURE_COUNT = 50;
const EARTH_RADIUS = 6378137;

/** The clicked pixel column or row: outside the image is InvalidPoint in WMS 1.3.0 (1.1.1 has no such code). */
function pixel(r: OgcRequest, name: string, size: number): number {
  if (r.version !== '1.3.0') return r.kvp.int(name, 0, size - 1);
  const raw = r.kvp.require(name).trim();
  const n = /^\d{1,9}$/.test(raw) ? Number(raw) : NaN;
  if (!(n < size)) throw new OgcError('InvalidPoint', `${name} must be a pixel of the image, 0 to ${size - 1}, got "${raw.slice(0, 20)}"`, name);
  return n;
}

export async function getFeatureInfo(svc: OgcService, r: OgcRequest): Promise<void> {
  const k = r.kvp;
  const infoFormat = (k.get('INFO_FORMAT') ?? 'application/json').trim().toLowerCase();
  if (!['application/json', 'json', 'application/geo+json', 'application/geojson'].includes(infoFormat)) {
    throw new OgcError('InvalidFormat', `INFO_FORMAT "${infoFormat.slice(0, 60)}" is not served; use application/json`, 'INFO_FORMAT');
  }
  const view = mapView(k, r.version, { min: MIN_SIZE, max: MAX_SIZE });
  const v13 = r.version === '1.3.0';
  const iName = k.get(v13 ? 'I' : 'X') !== undefined ? (v13 ? 'I' : 'X') : v13 ? 'X' : 'I';
  const jName = iName === 'I' ? 'J' : 'Y';
  const i = pixel(r, iName, view.width);
  const j = pixel(r, jName, view.height);
  const featureCount = k.int('FEATURE_COUNT', 1, MAX_FEATURE_COUNT, 1);
  const buffer = k.int('BUFFER', 0, 50, INFO_BUFFER_PX);

  // Filters and viewparams follow LAYERS (as in GetMap); QUERY_LAYERS picks from them.
  const queryNames = nameList(k.require('QUERY_LAYERS'), 'QUERY_LAYERS');
  const mapLayerList = k.get('LAYERS') ? mapLayers(svc, r, 'LAYERS', 'LayerNotDefined') : undefined;
  const queried: MapLayerRequest[] = mapLayerList
    ? queryNames.map((n) => {
        const ft = svc.resolve(n, 'QUERY_LAYERS', 'LayerNotDefined');
        const found = mapLayerList.find((l) => l.ft.name === ft.name);
        if (!found) throw new OgcError('LayerNotDefined', `query layer ${ft.name} is not in LAYERS`, 'QUERY_LAYERS');
        return found;
      })
    : mapLayers(svc, r, 'QUERY_LAYERS', 'LayerNotDefined');
  for (const l of queried) {
    if (l.ft.kind !== 'vector' || !l.ft.queryable) throw new OgcError('LayerNotQueryable', `layer ${l.ft.name} is not queryable`, 'QUERY_LAYERS');
  }

  // The clicked pixel's centre and a box of `buffer` pixels around it, in lon/lat.
  const [minx, miny, maxx, maxy] = view.bbox;
  const toLonLat = (px: number, py: number) => {
    const x = minx + (px / view.width) * (maxx - minx);
    const y = maxy - (py / view.height) * (maxy - miny);
    if (view.renderCrs === 'EPSG:4326') return { x, y };
    return { x: (x / EARTH_RADIUS) * (180 / Math.PI), y: (2 * Math.atan(Math.exp(y / EARTH_RADIUS)) - Math.PI / 2) * (180 / Math.PI) };
  };
  const point = toLonLat(i + 0.5, j + 0.5);
  const lo = toLonLat(i + 0.5 - buffer - 0.5, j + 0.5 + buffer + 0.5);
  const hi = toLonLat(i + 0.5 + buffer + 0.5, j + 0.5 - buffer - 0.5);
  const env = { minx: lo.x, miny: lo.y, maxx: hi.x, maxy: hi.y };
  const srid = view.renderCrs === 'EPSG:3857' ? 3857 : 4326;

  const features: string[] = [];
  for (const l of queried) {
    if (features.length >= featureCount) break;
    const ft = l.ft as VectorFeatureType;
    const sel = selectLayer(ft, l.values, l.filter);
    const rows = await queryNear(svc.db, sel, env, point, featureCount - features.length, {
      attrs: ft.attributes,
      geometry: true,
      srid,
      digits: srid === 3857 ? 2 : 6,
    });
    features.push(...rows);
  }
  const crsName = srid === 3857 ? 'urn:ogc:def:crs:EPSG::3857' : 'urn:ogc:def:crs:EPSG::4326';
  const body =
    `{"type":"FeatureCollection","features":[${features.join(',')}],"totalFeatures":"unknown","numberReturned":${features.length},` +
    `"timeStamp":"${new Date().toISOString()}","crs":{"type":"name","properties":{"name":"${crsName}"}}}`;
  await svc.sendBody(r, Buffer.from(body), { contentType: 'application/json; charset=utf-8', cacheControl: 'no-cache', compressible: true });
}
