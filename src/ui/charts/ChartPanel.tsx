// One erosion or accretion chart with its table (SPEC.md §4 Charts): a horizontal bar chart of the
// area in rai (vega-lite, loaded lazily) and the same figures as a table. The panel slides in
// app.delays.chartSlideMs (~100 ms) after its data arrives.
import { useEffect, useMemo, useState } from 'react';
import type { ChartTree } from '../../engine/charts/aggregate.ts';
import { formatThaiNumber, sqmToRai, unitLabels } from '../../engine/units.ts';
import { barChartSpec } from './chartData.ts';
import { ChartTable } from './ChartTable.tsx';
import { VegaChart } from './VegaChart.tsx';
import './charts.css';

export interface ChartPanelProps {
  id: string;
  title: string;
  color: string;
  tree: ChartTree;
  slideMs: number;
}

export function ChartPanel({ id, title, color, tree, slideMs }: ChartPanelProps) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    setShown(false);
    const timer = setTimeout(() => setShown(true), slideMs);
    return () => clearTimeout(timer);
  }, [tree, slideMs]);
  const spec = useMemo(() => barChartSpec(tree, { title, color }), [tree, title, color]);
  const headingId = `chart-${id}`;

  return (
    <section className={`chart-panel ${shown ? 'chart-panel-in' : ''}`} aria-labelledby={headingId} data-testid={`chart-${id}`} data-level={tree.level}>
      <h3 id={headingId} className="chart-title">
        <span className="chart-swatch" style={{ background: color }} aria-hidden />
        {title}
      </h3>
      <p className="chart-total">
        รวม {formatThaiNumber(sqmToRai(tree.area_sqm))} {unitLabels.rai}
      </p>
      <VegaChart spec={spec} label={title} />
      <ChartTable tree={tree} caption={title} />
    </section>
  );
}
