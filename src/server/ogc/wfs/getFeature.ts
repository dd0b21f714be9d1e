// WFS GetFeature: one or several feature types, RESULTTYPE=hits, paging (COUNT capped to
// MAX_COUNT, next/previous links), GML or GeoJSON in the requested CRS and axis order.

import { createHash } from 'node:crypto';
import { OgcError } from '../exception.ts';
import type { OgcRequest, OgcServiceCore as OgcService } from '../serviceCore.ts';
import { gmlCollection, hitsXml, jsonCollection, pageLinks } from './collection.ts';
import { countMatches, readFeaturePage } from './fetch.ts';
import { MAX_COUNT } from './names.ts';
import { outputCrs, outputFormat, paging } from './params.ts';
import { featureQueries, type TypeQuery } from './queries.ts';

const JSON_TYPE = 'application/json; charset=utf-8';
const XML_TYPE = 'application/xml; charset=utf-8';

/** An ETag for an answer that depends on every parameter, the public URL (links) and the data. */
export async function answerEtag(svc: OgcService, r: OgcRequest, kind: string): Promise<string> {
  const version = await svc.datasetVersion();
  const key = JSON.stringify([kind, r.version, r.endpointUrl, r.kvp.entries().sort(), version]);
  return `"${kind}-${createHash('sha256').update(key).digest('base64url').slice(0, 27)}"`;
}

export function resultType(r: OgcRequest): 'results' | 'hits' {
  const raw = (r.kvp.get('RESULTTYPE') ?? 'results').trim().toLowerCase();
  if (raw !== 'results' && raw !== 'hits') throw new OgcError('InvalidParameterValue', 'RESULTTYPE must be results or hits', 'RESULTTYPE');
  return raw;
}

export async function getFeature(svc: OgcService, r: OgcRequest): Promise<void> {
  const queries = featureQueries(svc, r);
  const etag = await answerEtag(svc, r, 'f');
  if (svc.notModified(r, etag, 'no-cache')) return;
  // The ETag names every parameter and the data version, so the same ETag is the same answer: a
  // page asked for again (a map reloaded, a client paging again) is sent as made, timeStamp included.
  const answer = await svc.featureAnswers.get(etag, async () => {
    const body = await answerBody(svc, r, queries);
    return { body: Buffer.from(body.text), contentType: body.contentType };
  });
  await svc.sendBody(r, answer.body, { contentType: answer.contentType, etag, cacheControl: 'no-cache', compressible: true });
}

async function answerBody(svc: OgcService, r: OgcRequest, queries: readonly TypeQuery[]): Promise<{ text: string; contentType: string }> {
  const hits = resultType(r) === 'hits';
  const format = outputFormat(r.kvp.get('OUTPUTFORMAT'), r.version);
  const crs = outputCrs(r.kvp.get('SRSNAME'));
  const page = paging(r);
  const timeStamp = new Date().toISOString();
  if (hits) {
    // WFS 1.0.0 has no resultType: its FeatureCollection has no attribute to carry a count
    if (r.version === '1.0.0' && format.kind === 'gml') {
      throw new OgcError('InvalidParameterValue', 'RESULTTYPE=hits is WFS 1.1.0 and 2.0.0; WFS 1.0.0 counts in GeoJSON only (OUTPUTFORMAT=application/json)', 'RESULTTYPE');
    }
    const matched = await countMatches(svc, queries);
    if (format.kind === 'json') return { text: jsonCollection({ body: '', returned: 0, matched }, timeStamp, crs.name, {}), contentType: JSON_TYPE };
    return { text: hitsXml(r.version, matched, timeStamp), contentType: XML_TYPE };
  }
  const read = await readFeaturePage(svc, queries, page, format, crs);
  if (page.mustBeComplete && read.matched > page.startIndex + read.returned) {
    throw new OgcError(
      'InvalidParameterValue',
      `${read.matched} features match, more than one answer holds (${MAX_COUNT}); page with MAXFEATURES and STARTINDEX, or narrow the request with BBOX or a filter`,
      'MAXFEATURES',
    );
  }
  const links = pageLinks(r, page, read);
  if (format.kind === 'gml') return { text: gmlCollection(svc, r, queries.map((q) => q.ft), format.version, read, timeStamp, links), contentType: format.contentType };
  return { text: jsonCollection(read, timeStamp, crs.name, links), contentType: JSON_TYPE };
}
