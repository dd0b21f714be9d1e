// WMS 1.1.1 (also 1.1.0 and 1.3.0): GetCapabilities, GetMap (PNG drawn from PostGIS with the
// config legends' styles), GetFeatureInfo (GeoJSON) and GetLegendGraphic.

import { createHash } from 'node:crypto';
import type { FeatureType, VectorFeatureType } from '../data/featureTypes.ts';
import { OgcError } from './exception.ts';
import { xmlEscape } from './xml.ts';
import type { FilterNode } from './filter/index.ts';
import { qualifiedName, SEA_STYLE } from './layers.ts';
import { cqlPerLayer, grownEnvelope, mapView, nameList, parseBool, pixelDegrees, viewparamsPerLayer, type MapView } from './params.ts';
import { queryForRender, queryLand, queryNear, selectLayer, whereEnvelope } from './query.ts';
import { MAX_SIZE, MIN_SIZE, parseBgColor, renderLegendGraphic, type RenderFeature } from './render/index.ts';
import { Lru } from './cache.ts';
import { runRenderJob, type JobLayer } from './renderJob.ts';
import type { OgcRequest, OgcService } from './service.ts';

export const TILE_CACHE_CONTROL = 'public, max-age=300';
/** At most this many features of one layer are drawn in one image. */
export const MAX_RENDER_FEATURES = 50_000;
/** Simplification tolerance for drawing, in output pixels. */
export const SIMPLIFY_PX = 0.5;
/** GetFeatureInfo: default search radius around the clicked pixel. */
export const INFO_BUFFER_PX = 5;
export const MAX_FEATURE_COUNT = 50;
/** Thailand and its seas, when a table is empty. */
export const DEFAULT_EXTENT: [number, number, number, number] = [97.3, 5.6, 105.7, 20.5];

const EARTH_RADIUS = 6378137;

export async function wmsRequest(svc: OgcService, r: OgcRequest): Promise<void> {
  switch (r.request) {
    case 'getcapabilities':
      return capabilities(svc, r);
    case 'getmap':
      return getMap(svc, r);
    case 'getfeatureinfo':
      return getFeatureInfo(svc, r);
    case 'getlegendgraphic':
      return getLegendGraphic(svc, r);
  }
  throw new OgcError('OperationNotSupported', `WMS has no operation ${r.request}`, 'REQUEST');
}

// ------------------------------------------------------------------ GetCapabilities

function mercator(lon: number, lat: number): [number, number] {
  const l = Math.max(-85.0511287798, Math.min(85.0511287798, lat));
  return [(lon * Math.PI * EARTH_RADIUS) / 180, Math.atanh(Math.sin((l * Math.PI) / 180)) * EARTH_RADIUS];
}

const fmt = (n: number) => String(Math.round(n * 1e6) / 1e6);

function legendUrl(r: OgcRequest, ft: FeatureType, product: string): string {
  return `${r.endpointUrl}?SERVICE=WMS&VERSION=1.1.1&REQUEST=GetLegendGraphic&FORMAT=image/png&LAYER=${encodeURIComponent(qualifiedName(ft, product))}`;
}

async function capabilities(svc: OgcService, r: OgcRequest): Promise<void> {
  const format = r.kvp.get('FORMAT');
  if (format && !/^(text\/xml|application\/vnd\.ogc\.wms_xml|application\/xml)$/i.test(format.trim())) {
    throw new OgcError('InvalidFormat', 'capabilities are served as text/xml', 'FORMAT');
  }
  const v13 = r.version === '1.3.0';
  const contentType = v13 ? 'text/xml; charset=utf-8' : 'application/vnd.ogc.wms_xml; charset=utf-8';
  await svc.sendDocument(r, `wms-caps|${r.version}|${r.endpointUrl}`, contentType, async () => {
    const extents = await svc.extents();
    return buildCapabilities(svc, r, extents);
  });
}

function buildCapabilities(svc: OgcService, r: OgcRequest, extents: Map<string, [number, number, number, number]>): string {
  const v13 = r.version === '1.3.0';
  const url = xmlEscape(`${r.endpointUrl}?`);
  const online = (href: string) => `<OnlineResource xmlns:xlink="http://www.w3.org/1999/xlink" xlink:type="simple" xlink:href="${href}"/>`;
  const dcp = `<DCPType><HTTP><Get>${online(url)}</Get><Post>${online(url)}</Post></HTTP></DCPType>`;
  const crsTag = v13 ? 'CRS' : 'SRS';
  const crsList = ['EPSG:4326', 'EPSG:3857', 'CRS:84'].map((c) => `<${crsTag}>${c}</${crsTag}>`).join('');
  const all = svc.layers();
  let union: [number, number, number, number] | undefined;
  const layerXml = all.map((ft) => {
    const table = ft.kind === 'vector' ? ft.table : ft.landTable;
    const e = extents.get(table) ?? DEFAULT_EXTENT;
    union = union ? [Math.min(union[0], e[0]), Math.min(union[1], e[1]), Math.max(union[2], e[2]), Math.max(union[3], e[3])] : [...e];
    const look = svc.look(ft);
    const abstract = ft.kind === 'raster' ? ft.abstract : `${ft.title} (${ft.geometryKind})`;
    const style =
      `<Style><Name>${xmlEscape(look.styleName)}</Name><Title>${xmlEscape(look.legend.title)}</Title>` +
      `<LegendURL width="20" height="20"><Format>image/png</Format>${online(xmlEscape(legendUrl(r, ft, svc.product)))}</LegendURL></Style>`;
    return (
      `<Layer queryable="${ft.kind === 'vector' ? 1 : 0}" opaque="${ft.kind === 'raster' ? 1 : 0}"><Name>${xmlEscape(qualifiedName(ft, svc.product))}</Name>` +
      `<Title>${xmlEscape(ft.title)}</Title><Abstract>${xmlEscape(abstract)}</Abstract>` +
      `<KeywordList><Keyword>${ft.kind === 'raster' ? 'sample' : ft.geometryKind}</Keyword></KeywordList>` +
      `${crsList}${boundingBoxes(e, v13)}${style}</Layer>`
    );
  });
  const u = union ?? DEFAULT_EXTENT;
  const service =
    `<Service><Name>${v13 ? 'WMS' : 'OGC:WMS'}</Name><Title>${xmlEscape(`${svc.product.toUpperCase()} coastal WMS (reference implementation)`)}</Title>` +
    `<Abstract>Thai coastal layers. Sample data unless real data was imported.</Abstract>${online(url)}` +
    `<Fees>none</Fees><AccessConstraints>none</AccessConstraints>${v13 ? `<MaxWidth>${MAX_SIZE}</MaxWidth><MaxHeight>${MAX_SIZE}</MaxHeight>` : ''}</Service>`;
  const xmlFormat = v13 ? 'text/xml' : 'application/vnd.ogc.wms_xml';
  const request =
    `<Request><GetCapabilities><Format>${xmlFormat}</Format>${dcp}</GetCapabilities>` +
    `<GetMap><Format>image/png</Format>${dcp}</GetMap>` +
    `<GetFeatureInfo><Format>application/json</Format>${dcp}</GetFeatureInfo>` +
    `${v13 ? '' : `<GetLegendGraphic><Format>image/png</Format>${dcp}</GetLegendGraphic>`}</Request>`;
  const exception = `<Exception><Format>${v13 ? 'XML' : 'application/vnd.ogc.se_xml'}</Format></Exception>`;
  const root =
    `<Layer><Title>${xmlEscape(svc.workspace)}</Title><Abstract>All layers</Abstract>${crsList}${boundingBoxes(u, v13)}` +
    `${layerXml.join('')}</Layer>`;
  if (v13) {
    return (
      `<?xml version="1.0" encoding="UTF-8"?>\n<WMS_Capabilities version="1.3.0" xmlns="http://www.opengis.net/wms" xmlns:xlink="http://www.w3.org/1999/xlink" ` +
      `xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.opengis.net/wms http://schemas.opengis.net/wms/1.3.0/capabilities_1_3_0.xsd">` +
      `${service}<Capability>${request}${exception}${root}</Capability></WMS_Capabilities>\n`
    );
  }
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE WMT_MS_Capabilities SYSTEM "http://schemas.opengis.net/wms/1.1.1/WMS_MS_Capabilities.dtd">\n` +
    `<WMT_MS_Capabilities version="${r.version}">${service}<Capability>${request}${exception}${root}</Capability></WMT_MS_Capabilities>\n`
  );
}

function boundingBoxes(e: readonly [number, number, number, number], v13: boolean): string {
  const [w, s, east, n] = e;
  const [mx0, my0] = mercator(w, s);
  const [mx1, my1] = mercator(east, n);
  const merc = `minx="${fmt(mx0)}" miny="${fmt(my0)}" maxx="${fmt(mx1)}" maxy="${fmt(my1)}"`;
  if (v13) {
    return (
      `<EX_GeographicBoundingBox><westBoundLongitude>${fmt(w)}</westBoundLongitude><eastBoundLongitude>${fmt(east)}</eastBoundLongitude>` +
      `<southBoundLatitude>${fmt(s)}</southBoundLatitude><northBoundLatitude>${fmt(n)}</northBoundLatitude></EX_GeographicBoundingBox>` +
      `<BoundingBox CRS="CRS:84" minx="${fmt(w)}" miny="${fmt(s)}" maxx="${fmt(east)}" maxy="${fmt(n)}"/>` +
      `<BoundingBox CRS="EPSG:4326" minx="${fmt(s)}" miny="${fmt(w)}" maxx="${fmt(n)}" maxy="${fmt(east)}"/>` +
      `<BoundingBox CRS="EPSG:3857" ${merc}/>`
    );
  }
  return (
    `<LatLonBoundingBox minx="${fmt(w)}" miny="${fmt(s)}" maxx="${fmt(east)}" maxy="${fmt(n)}"/>` +
    `<BoundingBox SRS="EPSG:4326" minx="${fmt(w)}" miny="${fmt(s)}" maxx="${fmt(east)}" maxy="${fmt(n)}"/>` +
    `<BoundingBox SRS="EPSG:3857" ${merc}/>`
  );
}

// ------------------------------------------------------------------ GetMap

interface MapLayerRequest {
  ft: FeatureType;
  filter: FilterNode | undefined;
  values: Readonly<Record<string, string | number | undefined>> | undefined;
}

/** STYLES is required by GetMap in every WMS version served (1.1.0, 1.1.1, 1.3.0); empty means each layer's default. */
function checkStyles(svc: OgcService, r: OgcRequest, layers: readonly FeatureType[]): void {
  const raw = r.kvp.get('STYLES');
  if (raw === undefined) throw new OgcError('MissingParameterValue', 'missing parameter STYLES (send STYLES= for the default styles)', 'STYLES');
  if (raw.trim() === '') return;
  const styles = raw.split(',').map((s) => s.trim());
  if (styles.length !== layers.length) throw new OgcError('InvalidParameterValue', `STYLES lists ${styles.length} style(s) for ${layers.length} layer(s)`, 'STYLES');
  styles.forEach((style, i) => {
    if (style === '' || style === 'default') return;
    const look = svc.look(layers[i]!);
    if (style !== look.styleName && style !== look.legend.id) {
      throw new OgcError('StyleNotDefined', `layer ${layers[i]!.name} has no style "${style.slice(0, 60)}" (use "" or "${look.styleName}")`, 'STYLES');
    }
  });
}

function checkPng(r: OgcRequest, required: boolean): void {
  const raw = required ? r.kvp.require('FORMAT') : r.kvp.get('FORMAT');
  if (raw === undefined || raw === '') return;
  if (!/^(image\/png(\s*;\s*mode=(8bit|24bit|32bit))?|png)$/i.test(raw.trim())) {
    throw new OgcError('InvalidFormat', `FORMAT "${raw.slice(0, 60)}" is not served; use image/png`, 'FORMAT');
  }
}

function mapLayers(svc: OgcService, r: OgcRequest, param: 'LAYERS' | 'QUERY_LAYERS', code: 'LayerNotDefined'): MapLayerRequest[] {
  const names = nameList(r.kvp.require(param), param);
  const fts = names.map((n) => svc.resolve(n, param, code));
  const filters = cqlPerLayer(r.kvp, fts.length);
  const values = viewparamsPerLayer(r.kvp, fts);
  return fts.map((ft, i) => ({ ft, filter: filters[i], values: values[i] }));
}

function sha(text: string): string {
  return createHash('sha256').update(text).digest('base64url').slice(0, 27);
}

async function getMap(svc: OgcService, r: OgcRequest): Promise<void> {
  const layers = mapLayers(svc, r, 'LAYERS', 'LayerNotDefined');
  checkStyles(
    svc,
    r,
    layers.map((l) => l.ft),
  );
  checkPng(r, true);
  if (r.kvp.get('FILTER')) throw new OgcError('InvalidParameterValue', 'FILTER is not supported by GetMap; use CQL_FILTER', 'FILTER');
  const view = mapView(r.kvp, r.version, { min: MIN_SIZE, max: MAX_SIZE });
  const transparent = parseBool(r.kvp, 'TRANSPARENT', false);
  const bgRaw = r.kvp.get('BGCOLOR')?.trim();
  const bg = bgRaw ? parseBgColor(bgRaw) : { r: 255, g: 255, b: 255 };
  if (!bg) throw new OgcError('InvalidParameterValue', 'BGCOLOR must be 0xRRGGBB', 'BGCOLOR');
  // Build every layer's SQL now, so bad filters and viewparams fail before any work.
  for (const l of layers) if (l.ft.kind === 'vector') selectLayer(l.ft, l.values, l.filter);

  const version = await svc.datasetVersion();
  const key = JSON.stringify([
    'map',
    layers.map((l) => l.ft.name),
    view.renderCrs,
    view.bbox.map((v) => Math.round(v * 1e6) / 1e6),
    view.width,
    view.height,
    transparent,
    transparent ? null : [bg.r, bg.g, bg.b],
    r.kvp.get('CQL_FILTER')?.trim() ?? null,
    layers.map((l) => (l.values ? Object.entries(l.values).sort() : null)),
    version,
  ]);
  const etag = `"m-${sha(key)}"`;
  if (svc.notModified(r, etag, TILE_CACHE_CONTROL)) return;
  let png = svc.tiles.get(etag);
  if (!png) {
    let pending = svc.rendering.get(etag);
    if (!pending) {
      pending = drawMap(svc, layers, view, transparent, `#${[bg.r, bg.g, bg.b].map((c) => c.toString(16).padStart(2, '0')).join('')}`);
      svc.rendering.set(etag, pending);
      pending.then(
        (buf) => {
          svc.tiles.set(etag, buf);
          svc.rendering.delete(etag);
        },
        () => svc.rendering.delete(etag),
      );
    }
    png = await pending;
  }
  await svc.sendBody(r, png, { contentType: 'image/png', etag, cacheControl: TILE_CACHE_CONTROL, compressible: false });
}

async function drawMap(svc: OgcService, layers: readonly MapLayerRequest[], view: MapView, transparent: boolean, bgcolor: string): Promise<Buffer> {
  const pxDeg = pixelDegrees(view);
  const tolerance = pxDeg * SIMPLIFY_PX;
  const digits = Math.max(2, Math.min(7, Math.ceil(Math.log10(4 / pxDeg))));
  const env = grownEnvelope(view, 8);
  const jobLayers: JobLayer[][] = await Promise.all(
    layers.map(async (l): Promise<JobLayer[]> => {
      const look = svc.look(l.ft);
      if (l.ft.kind === 'raster') {
        const land = await queryLand(svc.db, env, tolerance, digits);
        const sea: RenderFeature = {
          geometry: {
            type: 'Polygon',
            coordinates: [[[env.minx, env.miny], [env.maxx, env.miny], [env.maxx, env.maxy], [env.minx, env.maxy], [env.minx, env.miny]]],
          },
        };
        return [
          { kind: 'features', features: [sea], style: SEA_STYLE },
          { kind: 'geometries', json: land, style: look.style },
        ];
      }
      const sel = selectLayer(l.ft, l.values, l.filter);
      whereEnvelope(sel, env);
      const json = await queryForRender(svc.db, sel, { tolerance, digits, limit: MAX_RENDER_FEATURES, ...(look.field !== undefined ? { field: look.field } : {}) });
      const merge = look.style.kind === 'line' && look.style.label === undefined;
      return [{ kind: 'rows', json, style: look.style, merge, ...(look.field !== undefined ? { field: look.field } : {}) }];
    }),
  );
  const all = jobLayers.flat();
  if (all.every((l) => l.kind === 'rows' && l.json === '[]')) return emptyImage(view.width, view.height, transparent, bgcolor);
  return svc.renderer.render({ width: view.width, height: view.height, bbox: view.bbox, crs: view.renderCrs, transparent, bgcolor, layers: all });
}

/** Encoded empty tiles by size and background (an entry budget: sizes and colours vary freely). */
const emptyImages = new Lru<Promise<Buffer>>({ maxWeight: 64, maxEntryWeight: 1 });

/** A tile with nothing on it, encoded once per size and background. */
function emptyImage(width: number, height: number, transparent: boolean, bgcolor: string): Promise<Buffer> {
  const key = `${width}x${height}|${transparent ? 'clear' : bgcolor}`;
  let png = emptyImages.get(key);
  if (!png) {
    png = runRenderJob({ width, height, bbox: [0, 0, 1, 1], crs: 'EPSG:4326', transparent, bgcolor, layers: [] });
    emptyImages.set(key, png);
    png.catch(() => emptyImages.delete(key));
  }
  return png;
}

// ------------------------------------------------------------------ GetFeatureInfo

/** The clicked pixel column or row: outside the image is InvalidPoint in WMS 1.3.0 (1.1.1 has no such code). */
function pixel(r: OgcRequest, name: string, size: number): number {
  if (r.version !== '1.3.0') return r.kvp.int(name, 0, size - 1);
  const raw = r.kvp.require(name).trim();
  const n = /^\d{1,9}$/.test(raw) ? Number(raw) : NaN;
  if (!(n < size)) throw new OgcError('InvalidPoint', `${name} must be a pixel of the image, 0 to ${size - 1}, got "${raw.slice(0, 20)}"`, name);
  return n;
}

async function getFeatureInfo(svc: OgcService, r: OgcRequest): Promise<void> {
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
    if (l.ft.kind !== 'vector') throw new OgcError('LayerNotQueryable', `layer ${l.ft.name} is not queryable`, 'QUERY_LAYERS');
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

// ------------------------------------------------------------------ GetLegendGraphic

async function getLegendGraphic(svc: OgcService, r: OgcRequest): Promise<void> {
  const k = r.kvp;
  const layerName = k.get('LAYER') ?? k.require('LAYERS');
  const ft = svc.resolve(layerName, 'LAYER', 'LayerNotDefined');
  checkPng(r, false);
  const look = svc.look(ft);
  const style = k.get('STYLE')?.trim();
  if (style && style !== 'default' && style !== look.styleName && style !== look.legend.id) {
    throw new OgcError('StyleNotDefined', `layer ${ft.name} has no style "${style.slice(0, 60)}"`, 'STYLE');
  }
  const swatch = k.int('WIDTH', 8, 64, 20);
  k.int('HEIGHT', 8, 64, 20);
  const transparent = parseBool(k, 'TRANSPARENT', false);
  const bgRaw = k.get('BGCOLOR')?.trim();
  if (bgRaw && !parseBgColor(bgRaw)) throw new OgcError('InvalidParameterValue', 'BGCOLOR must be 0xRRGGBB', 'BGCOLOR');
  const key = `legend|${ft.name}|${swatch}|${transparent}|${bgRaw ?? ''}`;
  await svc.sendDocument(r, key, 'image/png', () =>
    renderLegendGraphic(look.legend, { transparent, swatch, overrides: look.overrides, ...(bgRaw ? { bgcolor: bgRaw } : {}) }),
  );
}
