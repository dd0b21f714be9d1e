// URLs and answers of the lists and totals of a published layer (issue 23 item 2):
// /{product}/v2/values and /{product}/v2/totals, beside the router (backend.router's folder),
// answering the router's envelope `{errors: '', data: [...]}`.
import type { LayerDataQuery } from '../engine/layerData.ts';
import { interpolate } from '../engine/template.ts';
import type { AppConfig } from '../engine/types.ts';
import type { ApiClient } from './client.ts';
import { ApiError } from './errors.ts';
import type { RouterEnvelope } from './pageApi.ts';

export type LayerDataKind = 'values' | 'totals';

function layerDataUrl(app: AppConfig, kind: LayerDataKind, query: LayerDataQuery): string {
  const router = interpolate(app.backend.router, { product: app.product });
  return `${router.slice(0, router.lastIndexOf('/') + 1)}${kind}?${new URLSearchParams(query).toString()}`;
}

/** The answer's rows; a non-empty `errors` is a backend failure with the server's reason. */
export async function layerDataCall(api: ApiClient, app: AppConfig, kind: LayerDataKind, query: LayerDataQuery): Promise<unknown[]> {
  const url = layerDataUrl(app, kind, query);
  const answer = await api.json<RouterEnvelope<unknown>>(url);
  if (!answer || typeof answer !== 'object' || !Array.isArray(answer.data)) throw new ApiError('parse', url, `answer from ${url} has no data`);
  if (answer.errors) throw new ApiError('backend', url, `${kind} error: ${answer.errors}`, undefined, { reason: answer.errors });
  return answer.data;
}
