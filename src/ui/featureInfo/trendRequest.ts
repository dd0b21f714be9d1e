// Rate points with a trend (routerpoints `trend`, issue 14): a click asks the router for the
// topmost point's history; the other points under the click of the same layer are left out, as
// one click means one place (points 100 m apart overlap at small zooms).
import type { DrawnHit } from '../../map/layers/drawnFeatures.ts';
import type { TrendRequest } from '../../layers/routerpoints/definition.ts';

export function trendUrl(trend: TrendRequest, properties: Readonly<Record<string, unknown>>): string | undefined {
  const id = properties[trend.id];
  if (typeof id !== 'string' && typeof id !== 'number') return undefined;
  const query = new URLSearchParams({ page: trend.page, mode: trend.mode, ...trend.params, [trend.id]: String(id) });
  return `${trend.url}?${query.toString()}`;
}

/** The hits to show, each with its history request when its layer has a trend. */
export function withTrends(hits: readonly DrawnHit[]): Array<{ hit: DrawnHit; trend?: { url: string; legend?: string } }> {
  const seen = new Set<string>();
  return hits.flatMap((hit) => {
    const trend = hit.layer.draw?.trend as TrendRequest | undefined;
    if (!trend) return [{ hit }];
    if (seen.has(hit.layer.id)) return [];
    seen.add(hit.layer.id);
    const url = trendUrl(trend, hit.properties);
    return url ? [{ hit, trend: { url, ...(hit.layer.legend ? { legend: hit.layer.legend } : {}) } }] : [{ hit }];
  });
}
