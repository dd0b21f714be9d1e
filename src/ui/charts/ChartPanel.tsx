// One chart with its table (SPEC.md §4 Charts): the vega-lite chart compiled from its spec
// (loaded lazily), the total and the same figures as a table. The panel slides in
// app.delays.chartSlideMs (~100 ms) after its data arrives.
import { useEffect, useState } from 'react';
import type { CompiledChart } from '../../engine/charts/compile.ts';
import { ChartTable } from './ChartTable.tsx';
import { VegaChart } from './VegaChart.tsx';
import './charts.css';

interface ChartPanelProps {
  id: string;
  title: string;
  chart: CompiledChart;
  slideMs: number;
}

export function ChartPanel({ id, title, chart, slideMs }: ChartPanelProps) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    setShown(false);
    const timer = setTimeout(() => setShown(true), slideMs);
    return () => clearTimeout(timer);
  }, [chart, slideMs]);
  const headingId = `chart-${id}`;

  return (
    <section className={`chart-panel ${shown ? 'chart-panel-in' : ''}`} aria-labelledby={headingId} data-testid={`chart-${id}`} data-level={chart.levels.at(-1)}>
      <h3 id={headingId} className="chart-title">
        {chart.color && <span className="chart-swatch" style={{ background: chart.color }} aria-hidden />}
        {title}
      </h3>
      <p className="chart-total">{chart.totalText}</p>
      <VegaChart spec={chart.vegaLite} label={title} />
      {chart.table && <ChartTable table={chart.table} caption={title} />}
    </section>
  );
}
