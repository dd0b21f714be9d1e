// Sends the feature requests of a layer (one per part) and merges the GeoJSON answers.
import { asCollection, mergeCollections } from '../engine/featureCollection.ts';
import type { FeaturePart, LoadDeps, LoadedData } from './types.ts';

interface FeatureRequest {
  url: string;
  method: 'GET' | 'POST';
  /** The form body for POST, the query for GET. */
  params: Record<string, string>;
}

/** The URL to fetch: GET carries the parameters in its query (none: the URL as it is, no bare '?');
 *  POST sends them as the form body. */
export function requestUrl(r: FeatureRequest): string {
  const query = r.method === 'GET' ? new URLSearchParams(r.params).toString() : '';
  return query ? `${r.url}${r.url.includes('?') ? '&' : '?'}${query}` : r.url;
}

export async function fetchCollection(r: FeatureRequest, deps: LoadDeps) {
  const url = requestUrl(r);
  const answer = await deps.fetchJson(url, { method: r.method, ...(r.method === 'POST' ? { form: r.params } : {}), ...(deps.signal ? { signal: deps.signal } : {}) });
  return asCollection(answer, url);
}

export async function loadFeatureParts(parts: ReadonlyArray<{ label?: string; request: FeatureRequest }>, deps: LoadDeps): Promise<Omit<LoadedData, 'request'>> {
  const answers = await Promise.all(parts.map((p) => fetchCollection(p.request, deps)));
  const labelled: FeaturePart[] = answers.map((features, i) => ({ ...(parts[i]?.label !== undefined ? { label: parts[i]?.label } : {}), features }));
  return { geoJson: mergeCollections(answers), parts: labelled };
}
