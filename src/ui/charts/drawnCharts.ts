// The charts the page draws, by chart id, as compiled for the sidebar's panels. The export report
// (SPEC.md §2 Export dialog) shows these: every chart on the page, whatever feeds it (a row's
// features, a router call, a published layer's totals, any later section that draws with
// RowChart), is in the preview and the PDF exactly as drawn, and the report needs to know nothing
// of where its rows came from. A panel leaves this store when it is no longer drawn.
import { useEffect } from 'react';
import type { CompiledChart } from '../../engine/charts/compile.ts';
import type { ReportChart } from '../../report/model.ts';
import { createStore } from '../../state/store.ts';

export const drawnChartsStore = createStore<{ charts: Readonly<Record<string, ReportChart>> }>({ charts: {} });

/** Keeps `chart` (null: nothing drawn) in the store under `id` while the calling panel shows it. */
export function useDrawnChart(id: string, title: string, chart: CompiledChart | null): void {
  useEffect(() => {
    if (!chart) return;
    const drawn: ReportChart = { id, title, chart };
    drawnChartsStore.set(({ charts }) => ({ charts: { ...charts, [id]: drawn } }));
    return () =>
      drawnChartsStore.set(({ charts }) => {
        // a newer drawing of the same id (new data) has replaced it already
        if (charts[id] !== drawn) return {};
        const { [id]: _gone, ...rest } = charts;
        return { charts: rest };
      });
  }, [id, title, chart]);
}
