// The outline of a chosen area from the router (issue 24): the first of the area's lookups
// (beach system, else administrative area) asked with mode=outline that answers a geometry.
// Failures are logged only, like the bounds lookups (SPEC.md §8).
import type { RouterFetch } from '../../topic/actions/bounds.ts';

interface AreaOutline {
  name: string;
  features: GeoJSON.FeatureCollection;
}

interface OutlineRow {
  name?: unknown;
  geometry?: GeoJSON.Geometry | null;
}

export async function areaOutline(
  queries: ReadonlyArray<Record<string, string> | null>,
  router: RouterFetch,
  warn: (message: string, error?: unknown) => void,
): Promise<AreaOutline | null> {
  for (const query of queries) {
    if (!query) continue;
    try {
      const answer = await router({ ...query, mode: 'outline' });
      const rows = (Array.isArray(answer.data) ? answer.data : []) as OutlineRow[];
      const drawn = rows.filter((r) => r.geometry && typeof r.geometry === 'object');
      if (drawn.length === 0) continue;
      return {
        name: drawn.map((r) => String(r.name ?? '')).join(', '),
        features: { type: 'FeatureCollection', features: drawn.map((r) => ({ type: 'Feature', properties: { name: r.name }, geometry: r.geometry as GeoJSON.Geometry })) },
      };
    } catch (error) {
      warn(`outline (page=${query.page}) failed`, error);
    }
  }
  return null;
}
