// `charts` section (SPEC.md §4 Charts, §3 Change area): one panel per chart spec, fed by the
// result of the toggle row it names (`from`). Shown only for non-empty data; cleared when the row
// hides or fails (its result leaves the row results store). The chart code (aggregation, table,
// vega-lite) is loaded on demand: a page load carries only this component.
import { lazy, Suspense } from 'react';
import type { ChartSpec } from './definition.ts';
import { useConfig } from '../../../state/config.tsx';
import { useRowResult } from '../../topic/rowResults.ts';
import type { SectionProps } from '../definitions.ts';

const RowChart = lazy(() => import('../../charts/RowChart.tsx'));

function Chart({ spec }: { spec: ChartSpec }) {
  const { app } = useConfig();
  const result = useRowResult(spec.from);
  if (!result || (result.features.features.length === 0 && !result.parts.some((s) => s.features.features.length > 0))) return null;
  const color = spec.color ?? (spec.from === 'accretion' ? app.colors.accretion : app.colors.erosion);
  return (
    <Suspense fallback={null}>
      <RowChart spec={spec} result={result} color={color} slideMs={app.delays.chartSlideMs ?? 100} />
    </Suspense>
  );
}

export function ChartsView({ section }: SectionProps<'charts'>) {
  return (
    <div className="charts-section" aria-live="polite">
      {section.charts.map((spec) => (
        <Chart key={spec.id} spec={spec} />
      ))}
    </div>
  );
}
