// One chart spec fed by its row's result (loaded lazily by ChartsSection, with the table and the
// aggregation code; the vega libraries load later still, when the bars are drawn).
import { useMemo } from 'react';
import type { ChartSpec } from '../sections/charts/definition.ts';
import type { RowResult } from '../topic/rowResults.ts';
import { chartTreeFor } from './chartData.ts';
import { ChartPanel } from './ChartPanel.tsx';

export interface RowChartProps {
  spec: ChartSpec;
  result: RowResult;
  color: string;
  slideMs: number;
}

export default function RowChart({ spec, result, color, slideMs }: RowChartProps) {
  const tree = useMemo(() => chartTreeFor(spec, result), [spec, result]);
  if (!tree) return null;
  return <ChartPanel id={spec.id} title={spec.title} color={color} tree={tree} slideMs={slideMs} />;
}
