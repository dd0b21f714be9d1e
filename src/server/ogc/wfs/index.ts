// WFS 2.0.0, 1.1.0 and 1.0.0 (GeoServer-shaped): GetCapabilities, DescribeFeatureType (XSD) and
// GetFeature (GML or GeoJSON built in the database) with the filters CQL_FILTER, BBOX, FES
// FILTER, RESOURCEID/FEATUREID and viewparams, paging, sorting and property selection; and the
// rest of WFS 2.0 Basic: ListStoredQueries, DescribeStoredQueries, GetFeatureById, GetPropertyValue.

import { OgcError } from '../exception.ts';
import type { OgcRequest, OgcServiceCore as OgcService } from '../serviceCore.ts';
import { capabilities } from './capabilities.ts';
import { describeFeatureType } from './describe.ts';
import { getFeature } from './getFeature.ts';
import { checkResolve } from './params.ts';
import { getPropertyValue } from './propertyValue.ts';
import { describeStoredQueries, getFeatureById, listStoredQueries } from './storedQueries.ts';

/** Operations of WFS 2.0 only (Basic WFS: stored queries and GetPropertyValue). */
const V2_ONLY = new Set(['liststoredqueries', 'describestoredqueries', 'getpropertyvalue']);

export async function wfsRequest(svc: OgcService, r: OgcRequest): Promise<void> {
  if (V2_ONLY.has(r.request) && r.version !== '2.0.0') throw new OgcError('OperationNotSupported', `${r.request} is a WFS 2.0 operation`, 'REQUEST');
  if (r.version === '2.0.0' && (r.request === 'getfeature' || r.request === 'getpropertyvalue')) checkResolve(r.kvp);
  switch (r.request) {
    case 'getcapabilities':
      return capabilities(svc, r);
    case 'describefeaturetype':
      return describeFeatureType(svc, r);
    case 'getfeature':
      return r.kvp.get('STOREDQUERY_ID') !== undefined && r.version === '2.0.0' ? getFeatureById(svc, r) : getFeature(svc, r);
    case 'liststoredqueries':
      return listStoredQueries(svc, r);
    case 'describestoredqueries':
      return describeStoredQueries(svc, r);
    case 'getpropertyvalue':
      return getPropertyValue(svc, r);
  }
  throw new OgcError('OperationNotSupported', `WFS has no operation ${r.request}`, 'REQUEST');
}
