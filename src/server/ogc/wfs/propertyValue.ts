// WFS 2.0 GetPropertyValue: the values of one property (VALUEREFERENCE: an attribute or the
// geometry) of the features a query selects, as a wfs:ValueCollection with numberMatched,
// numberReturned and paging links; RESULTTYPE=hits counts.

import { OgcError } from '../exception.ts';
import { attributeNamed } from '../layers.ts';
import type { OgcRequest, OgcServiceCore as OgcService } from '../serviceCore.ts';
import { xmlEscape } from '../xml.ts';
import { pageLinks } from './collection.ts';
import { countMatches, readFeaturePage } from './fetch.ts';
import { answerEtag, resultType } from './getFeature.ts';
import { namespaceUri, stripPrefix } from './names.ts';
import { outputCrs, outputFormat, paging } from './params.ts';
import { featureQueries } from './queries.ts';

export async function getPropertyValue(svc: OgcService, r: OgcRequest): Promise<void> {
  const queries = featureQueries(svc, r);
  if (queries.length !== 1) throw new OgcError('InvalidParameterValue', 'GetPropertyValue reads one feature type', 'TYPENAMES');
  const q = queries[0]!;
  const ref = stripPrefix(svc, r.kvp.require('VALUEREFERENCE').trim());
  const isGeometry = ref === q.ft.geometryColumn;
  const attr = attributeNamed(q.ft, ref);
  if (!isGeometry && !attr) throw new OgcError('InvalidParameterValue', `${q.ft.name} has no property "${ref.slice(0, 60)}"`, 'VALUEREFERENCE');
  const format = outputFormat(r.kvp.get('OUTPUTFORMAT'), r.version);
  if (format.kind !== 'gml' || format.version !== '3.2') throw new OgcError('InvalidParameterValue', 'GetPropertyValue answers GML 3.2 (application/gml+xml; version=3.2)', 'OUTPUTFORMAT');
  const crs = outputCrs(r.kvp.get('SRSNAME'));
  const page = paging(r);
  const etag = await answerEtag(svc, r, 'v');
  if (svc.notModified(r, etag, 'no-cache')) return;
  const timeStamp = new Date().toISOString();
  const head =
    `<?xml version="1.0" encoding="UTF-8"?>\n<wfs:ValueCollection xmlns:wfs="http://www.opengis.net/wfs/2.0" xmlns:gml="http://www.opengis.net/gml/3.2" ` +
    `xmlns:${svc.product}="${namespaceUri(svc)}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ` +
    `xsi:schemaLocation="http://www.opengis.net/wfs/2.0 http://schemas.opengis.net/wfs/2.0/wfs.xsd" timeStamp="${timeStamp}"`;
  const send = (body: string) => svc.sendBody(r, Buffer.from(body), { contentType: format.contentType, etag, cacheControl: 'no-cache', compressible: true });
  if (resultType(r) === 'hits') return send(`${head} numberMatched="${await countMatches(svc, queries)}" numberReturned="0"/>\n`);
  const selected = { ...q, props: { attrs: attr ? [attr] : [], geometry: isGeometry } };
  const read = await readFeaturePage(svc, [selected], page, format, crs, ref);
  const links = pageLinks(r, page, read);
  const paged = `${links.next ? ` next="${xmlEscape(links.next)}"` : ''}${links.previous ? ` previous="${xmlEscape(links.previous)}"` : ''}`;
  return send(`${head} numberMatched="${read.matched}" numberReturned="${read.returned}"${paged}>${read.body}</wfs:ValueCollection>\n`);
}
