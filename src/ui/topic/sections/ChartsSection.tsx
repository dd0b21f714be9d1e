// `charts` section (SPEC.md §4 Charts, §3 Change area): one panel per chart spec, fed by the
// result of the toggle row it names (`from`). Shown only for non-empty data; cleared when the row
// hides or fails (its result leaves the row results store).
import { useMemo } from 'react';
import type { ChartSpec } from '../../../engine/types.ts';
import { useConfig } from '../../config.tsx';
import { useRowResult } from '../rowResults.ts';
import { chartTreeFor } from '../../charts/chartData.ts';
import { ChartPanel } from '../../charts/ChartPanel.tsx';
import type { SectionProps } from './SectionView.tsx';

function Chart({ spec }: { spec: ChartSpec }) {
  const { app } = useConfig();
  const result = useRowResult(spec.from);
  const tree = useMemo(() => chartTreeFor(spec, result), [spec, result]);
  if (!tree) return null;
  const color = spec.color ?? (spec.from === 'accretion' ? app.colors.accretion : app.colors.erosion);
  return <ChartPanel id={spec.id} title={spec.title} color={color} tree={tree} slideMs={app.delays.chartSlideMs ?? 100} />;
}

export function ChartsSection({ section }: SectionProps<'charts'>) {
  return (
    <div className="charts-section" aria-live="polite">
      {section.charts.map((spec) => (
        <Chart key={spec.id} spec={spec} />
      ))}
    </div>
  );
}
