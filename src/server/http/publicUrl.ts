// The public origin of this server as clients see it, for every URL the OGC services write
// (capabilities, schema locations, paging links). PUBLIC_URL fixes it; without it the Host
// header is used, and X-Forwarded-Proto / X-Forwarded-Host only when the request comes from one
// of TRUSTED_PROXIES (anyone else could otherwise make us advertise their host). The answer
// then depends on those headers, so they are listed for Vary.
import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';

const HOST_RE = /^[A-Za-z0-9.-]+(?::\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](?::\d{1,5})?$/;

interface PublicUrlOptions {
  /** e.g. 'https://maps.example.org' or 'https://example.org/tcs' (env PUBLIC_URL). */
  publicUrl?: string;
  /** Addresses (IPv4/IPv6) or IPv4 CIDR ranges of reverse proxies whose X-Forwarded-* are believed (env TRUSTED_PROXIES). */
  trustedProxies?: readonly string[];
}

export interface PublicOrigin {
  /** Scheme, host and optional path prefix, without a trailing slash. */
  resolve(req: IncomingMessage): string;
  /** Request headers the origin depends on (for Vary); empty with a fixed PUBLIC_URL. */
  vary: readonly string[];
}

/** PUBLIC_URL checked: an http(s) URL without query, fragment or credentials; trailing slashes dropped. */
export function parsePublicUrl(raw: string | undefined): string | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new Error(`PUBLIC_URL must be an absolute http(s) URL, got "${raw}"`);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.search || url.hash || url.username || url.password) {
    throw new Error(`PUBLIC_URL must be an http(s) URL without query, fragment or credentials, got "${raw}"`);
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/** TRUSTED_PROXIES checked: comma-separated addresses or IPv4 CIDR ranges. */
export function parseTrustedProxies(raw: string | undefined): string[] {
  if (raw === undefined || raw.trim() === '') return [];
  return raw.split(',').map((item) => {
    const t = item.trim();
    const [ip = '', bits] = t.split('/');
    const ok = bits === undefined ? isIP(ip) !== 0 : isIP(ip) === 4 && /^\d{1,2}$/.test(bits) && Number(bits) <= 32;
    if (!ok) throw new Error(`TRUSTED_PROXIES: "${t}" is not an IP address or IPv4 CIDR range`);
    return t;
  });
}

function v4ToInt(ip: string): number {
  return ip.split('.').reduce((n, part) => n * 256 + Number(part), 0);
}

function isTrusted(address: string | undefined, trusted: readonly string[]): boolean {
  if (!address) return false;
  const ip = address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
  return trusted.some((entry) => {
    const [net = '', bits] = entry.split('/');
    if (bits === undefined) return net.toLowerCase() === ip.toLowerCase();
    if (isIP(ip) !== 4) return false;
    const mask = Number(bits) === 0 ? 0 : (~0 << (32 - Number(bits))) >>> 0;
    return ((v4ToInt(ip) & mask) >>> 0) === ((v4ToInt(net) & mask) >>> 0);
  });
}

function firstValue(header: string | string[] | undefined): string | undefined {
  const raw = Array.isArray(header) ? header[0] : header;
  return raw?.split(',')[0]?.trim() || undefined;
}

export function publicOrigin(options: PublicUrlOptions): PublicOrigin {
  if (options.publicUrl) {
    const fixed = options.publicUrl.replace(/\/+$/, '');
    return { resolve: () => fixed, vary: [] };
  }
  const trusted = options.trustedProxies ?? [];
  return {
    vary: trusted.length ? ['Host', 'X-Forwarded-Proto', 'X-Forwarded-Host'] : ['Host'],
    resolve(req) {
      let proto = 'encrypted' in req.socket && req.socket.encrypted ? 'https' : 'http';
      let host = String(req.headers.host ?? '');
      if (isTrusted(req.socket.remoteAddress, trusted)) {
        const fProto = firstValue(req.headers['x-forwarded-proto'])?.toLowerCase();
        const fHost = firstValue(req.headers['x-forwarded-host']);
        if (fProto === 'http' || fProto === 'https') proto = fProto;
        if (fHost && HOST_RE.test(fHost)) host = fHost;
      }
      return `${proto}://${HOST_RE.test(host) ? host : 'localhost'}`;
    },
  };
}
