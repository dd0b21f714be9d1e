// The GetFeatureInfo proxy behind `router?page=wms&wms=<encoded url>` (SPEC.md §7, DESIGN.md §6):
// only WMS GetFeatureInfo, only to allow-listed origins (our own by default), no redirects,
// no private or loopback targets that are not on the list, 5 s, a size cap, JSON only.
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { isPrivateAddress } from './addresses.ts';

export class ProxyError extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
  }
}

interface ProxyOptions {
  /** Origins (scheme://host[:port]) that may be asked, e.g. the provider's GeoServer. */
  allowOrigins: readonly string[];
  /** Where relative URLs (our own WMS) are sent: this server's loopback address. */
  selfOrigin: string;
  timeoutMs?: number;
  maxBytes?: number;
  resolve?: (host: string) => Promise<string[]>;
  fetchImpl?: typeof fetch;
}

const defaultResolve = async (host: string) => (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);

/** Validates the target and returns the URL to fetch, or throws a ProxyError (4xx). */
export async function checkProxyTarget(raw: string | undefined, options: ProxyOptions): Promise<URL> {
  if (!raw) throw new ProxyError(400, 'missing parameter wms');
  if (raw.length > 4096) throw new ProxyError(414, 'wms URL too long');
  const self = new URL(options.selfOrigin);
  const relative = raw.startsWith('/') && !raw.startsWith('//');
  let url: URL;
  try {
    url = relative ? new URL(raw, self) : new URL(raw);
  } catch {
    throw new ProxyError(400, 'wms is not a valid URL');
  }
  // WHATWG URL reads '/\host' and '/<TAB>/host' as '//host': a "relative" URL must stay on this server.
  if (relative && url.origin !== self.origin) throw new ProxyError(400, 'a relative wms URL must stay on this server');
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ProxyError(400, `scheme ${url.protocol} is not allowed`);
  if (url.username || url.password) throw new ProxyError(400, 'credentials in the URL are not allowed');
  const allowed = relative || options.allowOrigins.includes(url.origin);
  if (!allowed) throw new ProxyError(403, `origin ${url.origin} is not on the allow-list`);

  const params = new Map([...url.searchParams].map(([k, v]) => [k.toUpperCase(), v]));
  if ((params.get('REQUEST') ?? '').toLowerCase() !== 'getfeatureinfo') throw new ProxyError(400, 'only WMS GetFeatureInfo requests are forwarded');
  if ((params.get('SERVICE') ?? 'WMS').toUpperCase() !== 'WMS') throw new ProxyError(400, 'only the WMS service is forwarded');

  if (!relative) {
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const addresses = isIP(host) ? [host] : await (options.resolve ?? defaultResolve)(host).catch(() => [] as string[]);
    if (addresses.length === 0) throw new ProxyError(400, `cannot resolve ${host}`);
    // An allow-listed origin may be a private host on purpose (an agency GeoServer on its LAN);
    // it was named explicitly. Anything else has already been refused above.
    if (addresses.some(isPrivateAddress) && !options.allowOrigins.includes(url.origin)) throw new ProxyError(403, 'private addresses are not allowed');
  }
  return url;
}

/** A failed upstream exchange as a ProxyError: out of time is 504 (Gateway Timeout), anything else 502. */
function upstreamFailure(error: unknown, what: string): ProxyError {
  if (error instanceof ProxyError) return error;
  const name = (error as { name?: unknown } | null)?.name;
  const timedOut = name === 'TimeoutError' || name === 'AbortError';
  return new ProxyError(timedOut ? 504 : 502, timedOut ? `upstream ${what} took longer than allowed` : `upstream ${what} failed: ${String((error as Error)?.message ?? error)}`);
}

export async function proxyFeatureInfo(raw: string | undefined, options: ProxyOptions): Promise<unknown> {
  const url = await checkProxyTarget(raw, options);
  // One deadline for the whole exchange: an upstream that answers at once but drips its body is a timeout too.
  const signal = AbortSignal.timeout(options.timeoutMs ?? 5000);
  const res = await (options.fetchImpl ?? fetch)(url, { redirect: 'manual', signal }).catch((e: unknown) => {
    throw upstreamFailure(e, 'answer');
  });
  if (res.status >= 300 && res.status < 400) throw new ProxyError(502, 'upstream redirects are not followed');
  if (!res.ok) throw new ProxyError(502, `upstream answered HTTP ${res.status}`);
  const text = await readCapped(res, options.maxBytes ?? 2 * 1024 * 1024).catch((e: unknown) => {
    throw upstreamFailure(e, 'body');
  });
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ProxyError(502, 'upstream answer is not JSON');
  }
}

async function readCapped(res: Response, maxBytes: number): Promise<string> {
  const reader = res.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > maxBytes) {
      await reader.cancel();
      throw new ProxyError(502, `upstream answer larger than ${maxBytes} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}
