// WMS GetCapabilities, 1.1.1 (WMT_MS_Capabilities with its DTD) and 1.3.0 (WMS_Capabilities),
// built once per version, public URL and data version (OgcService.sendDocument).

import type { FeatureType } from '../../data/featureTypes.ts';
import { OgcError } from '../exception.ts';
import { DEFAULT_EXTENT, qualifiedName } from '../layers.ts';
import { MAX_SIZE } from '../render/index.ts';
import type { OgcRequest, OgcServiceCore as OgcService } from '../serviceCore.ts';
import { xmlEscape } from '../xml.ts';
import { MAP_FORMATS } from '../imageFormats.ts';

const EARTH_RADIUS = 6378137;

function mercator(lon: number, lat: number): [number, number] {
  const l = Math.max(-85.0511287798, Math.min(85.0511287798, lat));
  return [(lon * Math.PI * EARTH_RADIUS) / 180, Math.atanh(Math.sin((l * Math.PI) / 180)) * EARTH_RADIUS];
}

const fmt = (n: number) => String(Math.round(n * 1e6) / 1e6);

function legendUrl(r: OgcRequest, ft: FeatureType, product: string): string {
  return `${r.endpointUrl}?SERVICE=WMS&VERSION=1.1.1&REQUEST=GetLegendGraphic&FORMAT=image/png&LAYER=${encodeURIComponent(qualifiedName(ft, product))}`;
}

export async function capabilities(svc: OgcService, r: OgcRequest): Promise<void> {
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
      `<Layer queryable="${ft.kind === 'vector' && ft.queryable ? 1 : 0}" opaque="${ft.kind === 'raster' ? 1 : 0}"><Name>${xmlEscape(qualifiedName(ft, svc.product))}</Name>` +
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
    `<GetMap>${Object.values(MAP_FORMATS).map((f) => `<Format>${f}</Format>`).join('')}${dcp}</GetMap>` +
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
