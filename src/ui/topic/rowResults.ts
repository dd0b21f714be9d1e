// Results of a page's toggle rows (erosion / accretion feature collections), shared by the rows
// that fetch them and the charts, tables and downloads that show them (SPEC.md §3 Change area,
// Download). Keyed by row id; cleared when the page (variant) changes.
import { createStore, useStore } from '../../state/store.ts';
import type { ChartInput } from '../../engine/charts/group.ts';

export interface RowResult {
  /** The GeoJSON answer of the feature service (totalFeatures, numberMatched, ...). */
  features: GeoJSON.FeatureCollection;
  /** One result per request of a split layer (`splitBy`), labelled with the item's name: the
   *  island of an island analysis, merged by the island chart (SPEC.md §4). */
  parts: Array<{ label?: string; features: GeoJSON.FeatureCollection }>;
  /** The layer it was drawn as, and what a download of it needs (SPEC.md §7 download row). */
  layerId: string;
  typeName: string;
  viewparams?: string;
  /** The same viewparams as key -> value (chart rules read e.g. `code`). */
  viewparamEntries?: Record<string, string>;
  /** A router layer's own request parameters (area, period), repeated by a router download. */
  params?: Record<string, string>;
}

export const rowResultsStore = createStore<{ page: string; results: Readonly<Record<string, RowResult>> }>({ page: '', results: {} });

export function setRowResult(rowId: string, result: RowResult | null): void {
  rowResultsStore.set(({ results }) => {
    const next = { ...results };
    if (result) next[rowId] = result;
    else delete next[rowId];
    return { results: next };
  });
}

/** A new page starts with no results (charts and download flags cleared). */
export function resetRowResults(page: string): void {
  if (rowResultsStore.get().page !== page) rowResultsStore.set({ page, results: {} });
}

export function useRowResult(rowId: string): RowResult | undefined {
  return useStore(rowResultsStore, (s) => s.results[rowId]);
}

/** What a chart reads of a row result (null when the row found nothing to chart). */
export function chartInputOf(result: RowResult | undefined): ChartInput | null {
  if (!result || result.features.features.length === 0) return null;
  return { features: result.features, parts: result.parts, ...(result.viewparamEntries ? { viewparams: result.viewparamEntries } : {}) };
}
