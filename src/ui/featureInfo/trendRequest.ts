// Rate points with a trend (routerpoints `trend`, issue 14): a click asks the router for the
// topmost point's history; the other points under the click of the same layer are left out, as
// one click means one place (points 100 m apart overlap at small zooms).
import type { DrawnHit } from '../../map/layers/drawnFeatures.ts';
import { drawerOf } from '../../layers/drawers.ts';

/** The hits to show, each with its history request when its layer has a trend. */
export function withTrends(hits: readonly DrawnHit[]): Array<{ hit: DrawnHit; trend?: { url: string; legend?: string } }> {
  const seen = new Set<string>();
  return hits.flatMap((hit) => {
    const trendUrl = drawerOf(hit.layer.type)?.trend?.(hit.layer);
    if (!trendUrl) return [{ hit }];
    if (seen.has(hit.layer.id)) return [];
    seen.add(hit.layer.id);
    const url = trendUrl(hit.properties);
    return url ? [{ hit, trend: { url, ...(hit.layer.legend ? { legend: hit.layer.legend } : {}) } }] : [{ hit }];
  });
}
