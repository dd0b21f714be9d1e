// OGC version negotiation. WMS: 1.1.1 and 1.3.0 (a 1.1.0 or 1.0.0 client is answered in 1.1.1,
// the closest we speak, rather than with a 1.1.0 document under the 1.1.1 DTD); WFS: 2.0.0,
// 1.1.0 and 1.0.0. GetCapabilities negotiates (ACCEPTVERSIONS, or the highest version below the
// requested one, else the lowest); other operations must name a version we serve.

import { OgcError } from './exception.ts';
import type { Kvp } from './kvp.ts';

export type ServiceName = 'WMS' | 'WFS';

const WMS_VERSIONS = ['1.1.1', '1.3.0'] as const;
const WFS_VERSIONS = ['2.0.0', '1.1.0', '1.0.0'] as const;

export function negotiateVersion(kvp: Kvp, service: ServiceName, request: string): string {
  const supported: readonly string[] = service === 'WMS' ? WMS_VERSIONS : WFS_VERSIONS;
  const fallback = supported[0]!;
  let raw = kvp.get('VERSION')?.trim() || (service === 'WMS' ? kvp.get('WMTVER')?.trim() : undefined);
  if (request === 'getcapabilities') {
    const accept = kvp.get('ACCEPTVERSIONS');
    if (accept) {
      const match = accept.split(',').map((v) => v.trim()).find((v) => supported.includes(normalizeVersion(v, service)));
      if (!match) throw new OgcError('VersionNegotiationFailed', `none of ACCEPTVERSIONS is supported (${supported.join(', ')})`, 'ACCEPTVERSIONS');
      return normalizeVersion(match, service);
    }
    if (!raw) return fallback;
    const v = normalizeVersion(raw, service);
    if (supported.includes(v)) return v;
    // OGC version negotiation: the highest supported version below the requested one, else the lowest
    const sorted = [...supported].sort(compareVersions);
    const below = sorted.filter((s) => compareVersions(s, v) < 0);
    return below.length ? below[below.length - 1]! : sorted[0]!;
  }
  if (!raw) return fallback;
  const v = normalizeVersion(raw, service);
  if (!supported.includes(v)) {
    throw new OgcError('InvalidParameterValue', `VERSION ${raw.slice(0, 20)} is not supported (${supported.join(', ')})`, 'VERSION');
  }
  return v;
}

/** WMS 1.0.0's operation names (WMTVER clients), answered as their 1.1.1 successors, as MapServer does. */
const WMS_1_0_REQUESTS: Readonly<Record<string, string>> = { map: 'getmap', capabilities: 'getcapabilities', feature_info: 'getfeatureinfo' };

/**
 * REQUEST in lower case, with a WMS 1.0.0 name ('map', 'capabilities', 'feature_info') read as
 * its 1.1.1 successor where the request is a WMS one: on the WMS endpoint, with SERVICE=WMS or
 * WMTVER, or ('map', 'feature_info') named on the ows endpoint.
 */
export function requestName(kvp: Kvp, endpoint: 'wms' | 'wfs' | 'ows'): string {
  const asked = (kvp.get('REQUEST') ?? '').trim().toLowerCase();
  const successor = WMS_1_0_REQUESTS[asked];
  if (!successor || endpoint === 'wfs') return asked;
  const service = kvp.get('SERVICE')?.trim().toUpperCase();
  if (service === 'WFS') return asked;
  const wms = endpoint === 'wms' || service === 'WMS' || Boolean(kvp.get('WMTVER')) || asked !== 'capabilities';
  return wms ? successor : asked;
}

function normalizeVersion(v: string, service: ServiceName): string {
  // WMS 1.0.x and 1.1.0 are answered in 1.1.1, the closest version served (GetMap as well as GetCapabilities)
  if (service === 'WMS') return /^1\.(0|0\.\d+|1|1\.0)$/.test(v) ? '1.1.1' : v;
  if (v === '2.0' || v === '2.0.2') return '2.0.0';
  if (v === '1.1') return '1.1.0';
  if (v === '1.0') return '1.0.0';
  return v;
}

function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < 3; i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return Number.isNaN(d) ? 0 : d;
  }
  return 0;
}
