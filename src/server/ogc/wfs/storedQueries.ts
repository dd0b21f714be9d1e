// WFS 2.0 stored queries: the one every Basic WFS has, GetFeatureById (urn:ogc:def:query:OGC-WFS::
// GetFeatureById with parameter ID), listed by ListStoredQueries and described by
// DescribeStoredQueries. GetFeatureById answers the feature itself (GML element or GeoJSON
// Feature), or 404 NotFound.

import { OgcError } from '../exception.ts';
import { qualifiedName } from '../layers.ts';
import type { OgcRequest, OgcServiceCore as OgcService } from '../serviceCore.ts';
import { xmlEscape } from '../xml.ts';
import { escapeHtmlSensitive } from './collection.ts';
import { readFeaturePage } from './fetch.ts';
import { answerEtag } from './getFeature.ts';
import { namespaceUri, vectorLayers } from './names.ts';
import { outputCrs, outputFormat } from './params.ts';
import { featureQueries, type TypeQuery } from './queries.ts';

const GET_FEATURE_BY_ID = 'urn:ogc:def:query:OGC-WFS::GetFeatureById';
const HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const WFS_NS = 'xmlns:wfs="http://www.opengis.net/wfs/2.0" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"';
const WFS_XSD = 'xsi:schemaLocation="http://www.opengis.net/wfs/2.0 http://schemas.opengis.net/wfs/2.0/wfs.xsd"';
const TITLE = 'Get feature by identifier';

function returnTypes(svc: OgcService): string[] {
  return vectorLayers(svc).map((ft) => qualifiedName(ft, svc.product));
}

export async function listStoredQueries(svc: OgcService, r: OgcRequest): Promise<void> {
  await svc.sendDocument(r, 'wfs-lsq', 'application/xml; charset=utf-8', () => {
    const types = returnTypes(svc).map((t) => `<wfs:ReturnFeatureType>${xmlEscape(t)}</wfs:ReturnFeatureType>`).join('');
    return (
      `${HEAD}<wfs:ListStoredQueriesResponse ${WFS_NS} xmlns:${svc.product}="${namespaceUri(svc)}" ${WFS_XSD}>` +
      `<wfs:StoredQuery id="${GET_FEATURE_BY_ID}"><wfs:Title>${TITLE}</wfs:Title>${types}</wfs:StoredQuery></wfs:ListStoredQueriesResponse>\n`
    );
  });
}

export async function describeStoredQueries(svc: OgcService, r: OgcRequest): Promise<void> {
  const raw = r.kvp.get('STOREDQUERY_ID');
  const ids = raw === undefined || raw.trim() === '' ? [GET_FEATURE_BY_ID] : raw.split(',').map((s) => s.trim());
  for (const id of ids) {
    if (id !== GET_FEATURE_BY_ID) throw new OgcError('InvalidParameterValue', `no stored query "${id.slice(0, 80)}" (only ${GET_FEATURE_BY_ID})`, 'STOREDQUERY_ID');
  }
  await svc.sendDocument(r, 'wfs-dsq', 'application/xml; charset=utf-8', () => {
    const description =
      `<wfs:StoredQueryDescription id="${GET_FEATURE_BY_ID}"><wfs:Title>${TITLE}</wfs:Title>` +
      `<wfs:Abstract>The feature whose gml:id (resource id, e.g. ${xmlEscape(svc.product)}:cmline_2567.12 without the prefix) is ID.</wfs:Abstract>` +
      `<wfs:Parameter name="ID" type="xsd:string"/>` +
      `<wfs:QueryExpressionText isPrivate="true" language="urn:ogc:def:queryLanguage:OGC-WFS::WFS_QueryExpression" returnFeatureTypes="${xmlEscape(returnTypes(svc).join(' '))}"/>` +
      `</wfs:StoredQueryDescription>`;
    return (
      `${HEAD}<wfs:DescribeStoredQueriesResponse ${WFS_NS} xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:${svc.product}="${namespaceUri(svc)}" ${WFS_XSD}>` +
      `${description}</wfs:DescribeStoredQueriesResponse>\n`
    );
  });
}

/** GetFeature with STOREDQUERY_ID=GetFeatureById and ID=<typeName>.<id>. */
export async function getFeatureById(svc: OgcService, r: OgcRequest): Promise<void> {
  const storedQuery = r.kvp.require('STOREDQUERY_ID').trim();
  if (storedQuery !== GET_FEATURE_BY_ID) throw new OgcError('InvalidParameterValue', `no stored query "${storedQuery.slice(0, 80)}" (only ${GET_FEATURE_BY_ID})`, 'STOREDQUERY_ID');
  const id = r.kvp.require('ID').trim();
  const notFound = () => new OgcError('NotFound', `no feature with id "${id.slice(0, 80)}"`, 'ID');
  let queries: TypeQuery[];
  try {
    queries = featureQueries(svc, r, [id]);
  } catch (error) {
    // an id of no published type, or no id at all, names no feature
    if (error instanceof OgcError && error.locator === 'RESOURCEID') throw notFound();
    throw error;
  }
  const format = outputFormat(r.kvp.get('OUTPUTFORMAT'), r.version);
  const crs = outputCrs(r.kvp.get('SRSNAME'));
  const etag = await answerEtag(svc, r, 'i');
  if (svc.notModified(r, etag, 'no-cache')) return;
  const read = await readFeaturePage(svc, queries, { count: 1, startIndex: 0, mustBeComplete: false }, format, crs);
  if (read.returned === 0) throw notFound();
  const send = (body: string, contentType: string) => svc.sendBody(r, Buffer.from(body), { contentType, etag, cacheControl: 'no-cache', compressible: true });
  if (format.kind === 'json') return send(escapeHtmlSensitive(read.body), 'application/geo+json; charset=utf-8');
  // the member's content, with the namespaces it uses declared on it
  const gmlNs = format.version === '3.2' ? 'http://www.opengis.net/gml/3.2' : 'http://www.opengis.net/gml';
  const feature = read.body
    .replace(/^<[^>]+>/, '')
    .replace(/<\/[^>]+>$/, '')
    .replace(/^<([A-Za-z_][\w.-]*:[\w.-]+) /, `<$1 xmlns:${svc.product}="${namespaceUri(svc)}" xmlns:gml="${gmlNs}" `);
  return send(`${HEAD}${feature}\n`, format.contentType);
}
