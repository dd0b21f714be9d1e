// The provider API client (SPEC.md §7): every call has a timeout (20 s by config); GET answers
// are cached by method and URL; failures are ApiErrors with a kind the UI can translate.
import { ApiError } from './errors.ts';
import { createTtlCache } from './cache.ts';

export interface ApiClientOptions {
  timeoutMs: number;
  cache: { maxEntries: number; ttlMs: number };
  fetchImpl?: typeof fetch;
  now?: () => number;
}

export interface RequestOptions {
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
    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(), options.timeoutMs);
    const onAbort = () => timeout.abort();
    opts.signal?.addEventListener('abort', onAbort);
    try {
      const body = opts.form ? new URLSearchParams(opts.form).toString() : undefined;
      const res = await doFetch(url, {
        method,
        signal: timeout.signal,
        ...(body !== undefined ? { body, headers: { 'Content-Type': 'application/x-www-form-urlencoded;charset=UTF-8' } } : {}),
      });
      if (!res.ok) throw new ApiError('http', url, `HTTP ${res.status} from ${url}`, res.status);
      return res;
    } catch (e) {
      if (e instanceof ApiError) throw e;
      if (opts.signal?.aborted) throw new ApiError('aborted', url, `request to ${url} was cancelled`);
      if (timeout.signal.aborted) throw new ApiError('timeout', url, `no answer from ${url} within ${options.timeoutMs} ms`);
      throw new ApiError('network', url, `cannot reach ${url}: ${String((e as Error).message ?? e)}`);
    } finally {
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onAbort);
    }
  };

  const parse = async <T>(url: string, res: Response): Promise<T> => {
    try {
      return (await res.json()) as T;
    } catch {
      throw new ApiError('parse', url, `answer from ${url} is not JSON`);
    }
  };

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
    json: <T>(url: string, opts: RequestOptions = {}) => cached(url, opts, async () => parse<T>(url, await send(url, opts))),
    blob: (url, opts = {}) => send(url, opts).then((r) => r.blob()),
    clearCache: () => {
      cache = createTtlCache(options.cache.maxEntries, options.cache.ttlMs, options.now);
    },
  };
}
