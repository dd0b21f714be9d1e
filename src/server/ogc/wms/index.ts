// WMS 1.1.1 and 1.3.0: GetCapabilities, GetMap (PNG drawn from PostGIS with the config legends'
// styles), GetFeatureInfo (GeoJSON) and GetLegendGraphic.

import { OgcError } from '../exception.ts';
import type { OgcRequest, OgcServiceCore as OgcService } from '../serviceCore.ts';
import { capabilities } from './capabilities.ts';
import { getFeatureInfo } from './featureInfo.ts';
import { getMap } from './getMap.ts';
import { getLegendGraphic } from './legend.ts';

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
