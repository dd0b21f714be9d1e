// page=wms&wms=<encoded url> (SPEC.md §7, DESIGN.md §6): the GetFeatureInfo proxy. Absolute URLs
// go only to origins on WMS_PROXY_ALLOW (see proxy/wmsProxy.ts for the address, redirect, time
// and size rules); relative URLs only to this server's own WMS under /geoserver/{product}_postgres/.
import { sendJson } from '../../http/json.ts';
import { proxyFeatureInfo } from '../../proxy/wmsProxy.ts';
import { pageModes, type RouterContext } from '../context.ts';
import { bad } from '../params.ts';

async function featureInfo(ctx: RouterContext): Promise<void> {
  const raw = ctx.params.require('wms');
  const selfOrigin = ctx.proxy.selfOrigin();
  if (raw.startsWith('/')) {
    // Only our own OGC services: never the router itself (a loop) or other paths of this server.
    let url: URL;
    try {
      url = new URL(raw, selfOrigin);
    } catch {
      throw bad('wms is not a valid URL');
    }
    if (url.origin !== new URL(selfOrigin).origin || !url.pathname.startsWith(`/geoserver/${ctx.product}_postgres/`)) {
      throw bad(`a relative wms URL must point to /geoserver/${ctx.product}_postgres/`);
    }
  }
  const answer = await proxyFeatureInfo(raw, { allowOrigins: ctx.proxy.allowOrigins, selfOrigin });
  await sendJson(ctx.exchange, answer, 'no-store');
}

export const wms = pageModes({ '': featureInfo });
