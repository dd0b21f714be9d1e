// URLs and answers of the provider's JSON router (SPEC.md §7): `{errors: '', data: [...]}`.
import type { AppConfig } from '../engine/types.ts';
import { interpolate } from '../engine/template.ts';
import { ApiError } from './errors.ts';
import type { ApiClient } from './client.ts';

export interface RouterEnvelope<T> { errors: string; data: T; bbox?: unknown }

export function routerUrl(app: AppConfig, query: Record<string, string>): string {
  const base = interpolate(app.backend.router, { product: app.product });
  return `${base}?${new URLSearchParams(query).toString()}`;
}

export function geoserverUrl(app: AppConfig, service: 'wms' | 'wfs' | 'ows'): string {
  return `${interpolate(app.backend.geoserver, { product: app.product })}/${service}`;
}

/** Calls the router and unwraps its envelope; a non-empty `errors` is a backend failure. */
export async function routerCall<T>(api: ApiClient, app: AppConfig, query: Record<string, string>): Promise<RouterEnvelope<T>> {
  const url = routerUrl(app, query);
  const answer = await api.json<RouterEnvelope<T>>(url);
  if (!answer || typeof answer !== 'object' || !('data' in answer)) throw new ApiError('parse', url, `answer from ${url} has no data`);
  if (answer.errors) throw new ApiError('backend', url, `router error: ${answer.errors}`);
  return answer;
}
