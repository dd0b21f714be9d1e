// One declared chart fed by its row's result (loaded lazily by the chart section with the
// compiler and the table; the vega libraries load later still, when the bars are drawn).
import { useMemo } from 'react';
import { compileChart, type ChartInput } from '../../engine/charts/compile.ts';
import type { ChartSpec } from '../../engine/charts/spec.ts';
import { useConfig } from '../../state/config.tsx';
import { ChartPanel } from './ChartPanel.tsx';
import { useDrawnChart } from './drawnCharts.ts';

export interface RowChartProps {
  spec: ChartSpec;
  input: ChartInput;
  slideMs: number;
}

export default function RowChart({ spec, input, slideMs }: RowChartProps) {
  const { legends, glossary } = useConfig();
  const chart = useMemo(() => compileChart(spec, input, legends, glossary), [spec, input, legends, glossary]);
  // what the panel draws is what the export report shows
  useDrawnChart(spec.id, spec.title, chart);
  if (!chart) return null;
  return <ChartPanel id={spec.id} title={spec.title} chart={chart} slideMs={slideMs} />;
}
