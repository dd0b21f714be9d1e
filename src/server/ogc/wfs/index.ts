// WFS 2.0.0, 1.1.0 and 1.0.0 (GeoServer-shaped): GetCapabilities, DescribeFeatureType (XSD) and
// GetFeature (GML or GeoJSON built in the database) with the filters CQL_FILTER, BBOX, FES
// FILTER, RESOURCEID/FEATUREID and viewparams, paging, sorting and property selection.

import { OgcError } from '../exception.ts';
import type { OgcRequest, OgcService } from '../service.ts';
import { capabilities } from './capabilities.ts';
import { describeFeatureType } from './describe.ts';
import { getFeature } from './getFeature.ts';

export async function wfsRequest(svc: OgcService, r: OgcRequest): Promise<void> {
  switch (r.request) {
    case 'getcapabilities':
      return capabilities(svc, r);
    case 'describefeaturetype':
      return describeFeatureType(svc, r);
    case 'getfeature':
      return getFeature(svc, r);
  }
  throw new OgcError('OperationNotSupported', `WFS has no operation ${r.request}`, 'REQUEST');
}
