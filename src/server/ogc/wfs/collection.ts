// The documents around GetFeature results: GML feature collections (WFS 2.0 / GML 3.2 with
// numberMatched, numberReturned and next/previous; WFS 1.1 / GML 3.1.1; WFS 1.0 / GML 2),
// GeoServer-shaped GeoJSON with paging links, and RESULTTYPE=hits answers in XML or JSON.

import type { VectorFeatureType } from '../../data/featureTypes.ts';
import type { GmlVersion } from '../featureSql.ts';
import { qualifiedName } from '../layers.ts';
import type { OgcRequest, OgcServiceCore as OgcService } from '../serviceCore.ts';
import { xmlEscape } from '../xml.ts';
import type { FeaturePage } from './fetch.ts';
import { namespaceUri } from './names.ts';
import type { Paging } from './params.ts';

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';

interface PageLinks {
  next?: string;
  previous?: string;
}

/** The same request at another STARTINDEX: where the next and previous pages are. */
export function pageLinks(r: OgcRequest, paging: Paging, page: FeaturePage): PageLinks {
  const countName = r.kvp.get('MAXFEATURES') !== undefined || r.version !== '2.0.0' ? 'MAXFEATURES' : 'COUNT';
  const at = (start: number) => {
    const params = new URLSearchParams(r.kvp.entries());
    params.set('STARTINDEX', String(start));
    params.set(countName, String(paging.count));
    return `${r.endpointUrl}?${params}`;
  };
  const links: PageLinks = {};
  if (paging.startIndex + page.returned < page.matched) links.next = at(paging.startIndex + page.returned);
  const previous = previousStart(paging, page.matched);
  if (previous !== undefined) links.previous = at(previous);
  return links;
}

/**
 * Where the page before this one starts: one COUNT back, or, past the last match, the start of
 * the last page (COUNT-aligned); none on the first page or when nothing matches.
 */
function previousStart(paging: Paging, matched: number): number | undefined {
  if (paging.startIndex === 0 || matched === 0) return undefined;
  if (paging.startIndex >= matched) return Math.floor((matched - 1) / paging.count) * paging.count;
  return Math.max(0, paging.startIndex - paging.count);
}

function describeUrl(svc: OgcService, r: OgcRequest, fts: readonly VectorFeatureType[], version: string): string {
  const param = version === '2.0.0' ? 'TYPENAMES' : 'TYPENAME';
  const names = fts.map((ft) => qualifiedName(ft, svc.product)).join(',');
  return xmlEscape(`${r.endpointUrl}?SERVICE=WFS&VERSION=${version}&REQUEST=DescribeFeatureType&${param}=${names}`);
}

export function gmlCollection(svc: OgcService, r: OgcRequest, fts: readonly VectorFeatureType[], version: GmlVersion, page: FeaturePage, timeStamp: string, links: PageLinks): string {
  const ns = `xmlns:${svc.product}="${namespaceUri(svc)}"`;
  if (version === '3.2') {
    const paging = `${links.next ? ` next="${xmlEscape(links.next)}"` : ''}${links.previous ? ` previous="${xmlEscape(links.previous)}"` : ''}`;
    return (
      `${XML_HEAD}<wfs:FeatureCollection xmlns:wfs="http://www.opengis.net/wfs/2.0" xmlns:gml="http://www.opengis.net/gml/3.2" ${ns} ` +
      `xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" numberMatched="${page.matched}" numberReturned="${page.returned}" timeStamp="${timeStamp}"${paging} ` +
      `xsi:schemaLocation="http://www.opengis.net/wfs/2.0 http://schemas.opengis.net/wfs/2.0/wfs.xsd ${namespaceUri(svc)} ${describeUrl(svc, r, fts, '2.0.0')}">` +
      `${page.body}</wfs:FeatureCollection>\n`
    );
  }
  if (version === '3.1.1') {
    return (
      `${XML_HEAD}<wfs:FeatureCollection xmlns:wfs="http://www.opengis.net/wfs" xmlns:gml="http://www.opengis.net/gml" ${ns} ` +
      `xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" numberOfFeatures="${page.returned}" timeStamp="${timeStamp}" ` +
      `xsi:schemaLocation="http://www.opengis.net/wfs http://schemas.opengis.net/wfs/1.1.0/wfs.xsd ${namespaceUri(svc)} ${describeUrl(svc, r, fts, '1.1.0')}">` +
      `${page.body}</wfs:FeatureCollection>\n`
    );
  }
  return (
    `${XML_HEAD}<wfs:FeatureCollection xmlns:wfs="http://www.opengis.net/wfs" xmlns:gml="http://www.opengis.net/gml" ${ns} ` +
    `xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ` +
    `xsi:schemaLocation="http://www.opengis.net/wfs http://schemas.opengis.net/wfs/1.0.0/WFS-basic.xsd ${namespaceUri(svc)} ${describeUrl(svc, r, fts, '1.0.0')}">` +
    `<gml:boundedBy><gml:null>unknown</gml:null></gml:boundedBy>${page.body}</wfs:FeatureCollection>\n`
  );
}

/** RESULTTYPE=hits as XML: numberMatched (2.0) or numberOfFeatures (1.x, which GDAL reads). */
export function hitsXml(version: string, matched: number, timeStamp: string): string {
  if (version === '2.0.0') {
    return (
      `${XML_HEAD}<wfs:FeatureCollection xmlns:wfs="http://www.opengis.net/wfs/2.0" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ` +
      `numberMatched="${matched}" numberReturned="0" timeStamp="${timeStamp}" xsi:schemaLocation="http://www.opengis.net/wfs/2.0 http://schemas.opengis.net/wfs/2.0/wfs.xsd"/>\n`
    );
  }
  return `${XML_HEAD}<wfs:FeatureCollection xmlns:wfs="http://www.opengis.net/wfs" numberOfFeatures="${matched}" timeStamp="${timeStamp}"/>\n`;
}

export function escapeHtmlSensitive(json: string): string {
  // JSON-equivalent escapes, so no browser ever sniffs markup in attribute values.
  return /[<>&]/.test(json) ? json.replace(/[<>&]/g, (c) => (c === '<' ? '\\u003c' : c === '>' ? '\\u003e' : '\\u0026')) : json;
}

/** GeoServer-shaped GeoJSON: totalFeatures, numberMatched, numberReturned, timeStamp, crs; `links` when there are other pages. */
export function jsonCollection(page: FeaturePage, timeStamp: string, crsName: string, links: PageLinks): string {
  const link = (rel: 'next' | 'previous', href: string) => JSON.stringify({ title: `${rel} page`, type: 'application/json', rel, href });
  const list = [links.next ? link('next', links.next) : '', links.previous ? link('previous', links.previous) : ''].filter((l) => l !== '');
  return (
    `{"type":"FeatureCollection","features":[${escapeHtmlSensitive(page.body)}],"totalFeatures":${page.matched},"numberMatched":${page.matched},` +
    `"numberReturned":${page.returned},"timeStamp":"${timeStamp}",${list.length ? `"links":[${escapeHtmlSensitive(list.join(','))}],` : ''}` +
    `"crs":{"type":"name","properties":{"name":${JSON.stringify(crsName)}}}}`
  );
}
