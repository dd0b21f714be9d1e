// `chart` section view (SPEC.md §4 Charts): the chart panel of its row's result, shown only for
// non-empty data and cleared when the row hides or fails (its result leaves the row results
// store). The compiler, the table and the panel load on demand; vega later still, when drawn. A
// chart with a `router` call charts that call's answer for the row's request (routerInput.ts).
import { lazy, Suspense } from 'react';
import type { RouterQuery } from '../../../engine/types.ts';
import { useConfig } from '../../../state/config.tsx';
import { useChartInput } from '../../charts/routerInput.ts';
import { useRowResult } from '../../topic/rowResults.ts';
import type { SectionProps } from '../definitions.ts';

const RowChart = lazy(() => import('../../charts/RowChart.tsx'));

export function ChartView({ section }: SectionProps<'chart'>) {
  const { app } = useConfig();
  const result = useRowResult(section.from);
  const input = useChartInput(section.router as RouterQuery | undefined, result);
  return (
    <div className="charts-section" aria-live="polite">
      {input && (
        <Suspense fallback={null}>
          <RowChart spec={section} input={input} slideMs={app.delays.chartSlideMs ?? 100} />
        </Suspense>
      )}
    </div>
  );
}
