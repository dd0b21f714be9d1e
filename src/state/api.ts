// One provider API client for the app, configured from config/app.yaml (SPEC.md §7).
import type { AppConfig } from '../engine/types.ts';
import { createApiClient, type ApiClient } from '../api/client.ts';
import { routerCall } from '../api/pageApi.ts';
import { layerDataCall, type LayerDataKind } from '../api/layerData.ts';
import type { LayerDataQuery } from '../engine/layerData.ts';

let client: ApiClient | undefined;

export function apiClient(app: AppConfig): ApiClient {
  client ??= createApiClient({ timeoutMs: app.backend.timeoutMs, cache: app.backend.cache });
  return client;
}

export async function routerRows(app: AppConfig, query: Record<string, string>): Promise<unknown[]> {
  const answer = await routerCall<unknown>(apiClient(app), app, query);
  return Array.isArray(answer.data) ? answer.data : [];
}

export async function assetRows(app: AppConfig, name: string): Promise<unknown[]> {
  const data = await apiClient(app).json<unknown>(`${app.backend.assets ?? `${app.basePath}/assets/data`}/${name}`);
  if (Array.isArray(data)) return data;
  const inner = (data as { data?: unknown } | null)?.data;
  return Array.isArray(inner) ? inner : [];
}

/** Rows of /{product}/v2/values or /totals (lists and totals of a published layer). */
export function layerDataRows(app: AppConfig, kind: LayerDataKind, query: LayerDataQuery): Promise<unknown[]> {
  return layerDataCall(apiClient(app), app, kind, query);
}
