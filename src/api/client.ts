// The provider API client (SPEC.md §7): every call has a timeout (20 s by config); GET answers
// are cached by method and URL; failures are ApiErrors with a kind the UI can translate, the
// server's reason, and an entry in the failure log (the admin's ?debug=1 panel, issue 23 item 3).
import { ApiError, isApiError } from './errors.ts';
import { createTtlCache } from './cache.ts';
import { failureLog } from './failureLog.ts';
import { serverReason } from './serverReason.ts';

interface ApiClientOptions {
  timeoutMs: number;
  cache: { maxEntries: number; ttlMs: number };
  fetchImpl?: typeof fetch;
  now?: () => number;
}

interface RequestOptions {
  method?: 'GET' | 'POST';
  /** Form-encoded body for POST (SPEC.md §7: the generic feature loader posts form parameters). */
  form?: Record<string, string>;
  signal?: AbortSignal;
}

export interface ApiClient {
  json<T = unknown>(url: string, options?: RequestOptions): Promise<T>;
  blob(url: string, options?: RequestOptions): Promise<Blob>;
  clearCache(): void;
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const doFetch = options.fetchImpl ?? ((input, init) => fetch(input, init));
  let cache = createTtlCache<Promise<unknown>>(options.cache.maxEntries, options.cache.ttlMs, options.now);

  const send = async (url: string, opts: RequestOptions): Promise<Response> => {
    const method = opts.method ?? 'GET';
    const body = opts.form ? new URLSearchParams(opts.form).toString() : undefined;
    const said = { method, ...(body !== undefined ? { body } : {}) };
    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(), options.timeoutMs);
    const onAbort = () => timeout.abort();
    opts.signal?.addEventListener('abort', onAbort);
    try {
      const res = await doFetch(url, {
        method,
        signal: timeout.signal,
        ...(body !== undefined ? { body, headers: { 'Content-Type': 'application/x-www-form-urlencoded;charset=UTF-8' } } : {}),
      });
      if (!res.ok) {
        const reason = serverReason(await res.text().catch(() => ''));
        throw new ApiError('http', url, `HTTP ${res.status} from ${url}${reason ? `: ${reason}` : ''}`, res.status, { ...said, reason });
      }
      return res;
    } catch (e) {
      if (e instanceof ApiError) throw e;
      if (opts.signal?.aborted) throw new ApiError('aborted', url, `request to ${url} was cancelled`, undefined, said);
      if (timeout.signal.aborted) throw new ApiError('timeout', url, `no answer from ${url} within ${options.timeoutMs} ms`, undefined, { ...said, timeoutMs: options.timeoutMs });
      throw new ApiError('network', url, `cannot reach ${url}: ${String((e as Error).message ?? e)}`, undefined, said);
    } finally {
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onAbort);
    }
  };

  const parse = async <T>(url: string, opts: RequestOptions, res: Response): Promise<T> => {
    const text = await res.text();
    try {
      return JSON.parse(text) as T;
    } catch {
      throw new ApiError('parse', url, `answer from ${url} is not JSON`, res.status, { method: opts.method ?? 'GET', reason: `not JSON: ${serverReason(text).slice(0, 200)}` });
    }
  };

  /** Every failure but a cancelled request goes to the failure log, then on to the caller. */
  const logged = <T>(promise: Promise<T>): Promise<T> =>
    promise.catch((e: unknown) => {
      if (isApiError(e) && e.kind !== 'aborted') {
        failureLog.record({ method: e.detail.method ?? 'GET', url: e.url, ...(e.detail.body ? { body: e.detail.body } : {}), kind: e.kind, ...(e.status !== undefined ? { status: e.status } : {}), reason: e.detail.reason || e.message });
      }
      throw e;
    });

  const cached = <T>(url: string, opts: RequestOptions, load: () => Promise<T>): Promise<T> => {
    if ((opts.method ?? 'GET') !== 'GET' || opts.signal) return load();
    const key = `GET ${url}`;
    const hit = cache.get(key) as Promise<T> | undefined;
    if (hit) return hit;
    const promise = load();
    cache.set(key, promise);
    // Failures are not remembered: the next attempt asks again.
    promise.catch(() => cache.delete(key));
    return promise;
  };

  return {
    json: <T>(url: string, opts: RequestOptions = {}) => cached(url, opts, () => logged((async () => parse<T>(url, opts, await send(url, opts)))())),
    blob: (url, opts = {}) => logged(send(url, opts).then((r) => r.blob())),
    clearCache: () => {
      cache = createTtlCache(options.cache.maxEntries, options.cache.ttlMs, options.now);
    },
  };
}
