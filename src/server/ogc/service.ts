// The OGC service behind /geoserver/{product}_postgres/{wms,wfs,ows}: reads the parameters and
// dispatches by SERVICE and REQUEST to the WMS and WFS handlers (wms/, wfs/) over the shared
// core (serviceCore.ts: caches, error reports, response helpers).
import type { RequestContext } from '../http/routeTable.ts';
import { OgcError } from './exception.ts';
import { readKvp, type Kvp } from './kvp.ts';
import { OgcServiceCore, type Endpoint, type OgcRequest } from './serviceCore.ts';
import { negotiateVersion, requestName, type ServiceName } from './versions.ts';
import { wfsRequest } from './wfs/index.ts';
import { wmsRequest } from './wms/index.ts';

export type { Endpoint, OgcRequest, OgcServiceOptions } from './serviceCore.ts';

const WMS_REQUESTS = new Set(['getcapabilities', 'getmap', 'getfeatureinfo', 'getlegendgraphic']);
const WFS_REQUESTS = new Set(['getcapabilities', 'describefeaturetype', 'getfeature', 'liststoredqueries', 'describestoredqueries', 'getpropertyvalue']);

export class OgcService extends OgcServiceCore {
  async handle(ctx: RequestContext, endpoint: Endpoint): Promise<void> {
    let service: ServiceName = endpoint === 'wfs' ? 'WFS' : 'WMS';
    let version = service === 'WFS' ? '2.0.0' : '1.1.1';
    let kvp: Kvp | undefined;
    try {
      kvp = await readKvp(ctx.req, ctx.query);
      const requestRaw = kvp.get('REQUEST');
      const request = requestName(kvp, endpoint);
      service = this.serviceOf(kvp, endpoint, request);
      version = negotiateVersion(kvp, service, request);
      if (!requestRaw) throw new OgcError('MissingParameterValue', 'missing parameter REQUEST', 'REQUEST');
      const known = service === 'WMS' ? WMS_REQUESTS : WFS_REQUESTS;
      if (!known.has(request)) {
        throw new OgcError('OperationNotSupported', `${service} has no operation "${requestRaw.slice(0, 40)}"`, 'REQUEST');
      }
      const r: OgcRequest = { ctx, kvp, service, version, endpointUrl: this.endpointUrl(ctx.req, endpoint), request };
      if (service === 'WMS') await wmsRequest(this, r);
      else await wfsRequest(this, r);
    } catch (error) {
      await this.fail(ctx, error, service, version, kvp);
    }
  }

  private serviceOf(kvp: Kvp, endpoint: Endpoint, request: string): ServiceName {
    const raw = kvp.get('SERVICE')?.trim().toUpperCase();
    if (raw !== undefined && raw !== '' && raw !== 'WMS' && raw !== 'WFS') {
      throw new OgcError('InvalidParameterValue', `SERVICE must be WMS or WFS, got "${raw.slice(0, 20)}"`, 'SERVICE');
    }
    const given = raw === 'WMS' || raw === 'WFS' ? raw : undefined;
    if (endpoint === 'wms' || endpoint === 'wfs') {
      const own: ServiceName = endpoint === 'wms' ? 'WMS' : 'WFS';
      if (given !== undefined && given !== own) {
        throw new OgcError('InvalidParameterValue', `this is the ${own} endpoint; send ${given} requests to ${this.path(given === 'WMS' ? 'wms' : 'wfs')}`, 'SERVICE');
      }
      return own;
    }
    if (given) return given;
    // ows without SERVICE: the operation names the service (GeoServer does the same)
    if (WMS_REQUESTS.has(request) && request !== 'getcapabilities') return 'WMS';
    if (WFS_REQUESTS.has(request) && request !== 'getcapabilities') return 'WFS';
    throw new OgcError('MissingParameterValue', 'missing parameter SERVICE (WMS or WFS)', 'SERVICE');
  }

}
