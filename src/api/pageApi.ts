// The provider's JSON page API (SPEC.md §7 calls it the router: one URL, `?page=...&mode=...`):
// its URLs and answers, `{errors: '', data: [...]}`.
import type { AppConfig } from '../engine/types.ts';
import { interpolate } from '../engine/template.ts';
import { ApiError } from './errors.ts';
import type { ApiClient } from './client.ts';
import { failureLog } from './failureLog.ts';

export interface RouterEnvelope<T> { errors: string; data: T; bbox?: unknown }

export function routerUrl(app: AppConfig, query: Record<string, string>): string {
  const base = interpolate(app.backend.router, { product: app.product });
  return `${base}?${new URLSearchParams(query).toString()}`;
}

/** An answer the client took (HTTP 200, JSON) that the router says or shows is a failure:
 *  logged for ?debug=1 like the client's own failures. */
function refused(kind: 'parse' | 'backend', url: string, message: string, reason: string): ApiError {
  failureLog.record({ method: 'GET', url, kind, status: 200, reason });
  return new ApiError(kind, url, message, 200, { method: 'GET', reason });
}

/** Calls the router and unwraps its envelope; a non-empty `errors` is a backend failure. */
export async function routerCall<T>(api: ApiClient, app: AppConfig, query: Record<string, string>): Promise<RouterEnvelope<T>> {
  const url = routerUrl(app, query);
  const answer = await api.json<RouterEnvelope<T>>(url);
  if (!answer || typeof answer !== 'object' || !('data' in answer)) throw refused('parse', url, `answer from ${url} has no data`, 'the answer has no "data"');
  if (answer.errors) throw refused('backend', url, `router error: ${answer.errors}`, String(answer.errors));
  return answer;
}
