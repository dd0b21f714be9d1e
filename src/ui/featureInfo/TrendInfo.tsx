// The drawer of a rate point (issue 14): asks the router for the point's history, then shows the
// rate ± 95 % interval in words, whether the trend is significant, the statistics, the outlier
// years and quality flags, a chart of every year with the fitted line and its band, and the same
// years as a table (the chart's text alternative, reachable by keyboard).
import { useEffect, useState } from 'react';
import { rateInWords, trendChartSpec, trendRows, type TrendAnswer } from '../../engine/charts/trend.ts';
import { th } from '../../locale/th.ts';
import { apiClient } from '../../state/api.ts';
import { useConfig } from '../../state/config.tsx';
import { VegaChart } from '../charts/VegaChart.tsx';
import { PropertyTable } from './PropertyTable.tsx';

type Load = { status: 'loading' } | { status: 'failed' } | { status: 'done'; answer: TrendAnswer };

const metres = (v: number | null) => (v === null ? '-' : v.toLocaleString('th-TH', { minimumFractionDigits: 2, maximumFractionDigits: 2 }));

export default function TrendInfo({ url, legend: legendId, layerName }: { url: string; legend?: string; layerName: string }) {
  const { app, legends } = useConfig();
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  useEffect(() => {
    const abort = new AbortController();
    setLoad({ status: 'loading' });
    apiClient(app)
      .json<{ data?: TrendAnswer[] }>(url, { signal: abort.signal })
      .then((a) => setLoad(a.data?.[0] ? { status: 'done', answer: a.data[0] } : { status: 'failed' }))
      .catch((error: unknown) => {
        if (abort.signal.aborted) return;
        console.warn('trend request failed:', error);
        setLoad({ status: 'failed' });
      });
    return () => abort.abort();
  }, [app, url]);

  if (load.status === 'loading') return <p className="empty" role="status">{th.loading}</p>;
  if (load.status === 'failed') return <p className="empty" role="status">{th.noData}</p>;
  const a = load.answer;
  const legend = legends.find((l) => l.id === legendId);
  const item = legend?.items.find((i) => a.rate_class !== null && String(i.code) === a.rate_class);
  const color = item?.color ?? '#555555';
  const rows = trendRows(a, (code) => legend?.items.find((i) => String(i.code) === code)?.label);
  return (
    <div className="trend-info" data-testid="trend-info">
      <p className="trend-period">{th.trend.period(a.start, a.end)}</p>
      <p className="trend-rate" data-testid="trend-rate">
        <span className="feature-info-swatch" style={{ background: color }} aria-hidden />
        <strong>{rateInWords(a.lrr, a.lrr_ci95)}</strong>
      </p>
      <p className="trend-significance">{a.significant ? th.trend.significant : th.trend.notSignificant}</p>
      <PropertyTable caption={th.trend.rateHeading} rows={rows} />
      <h4 className="trend-chart-title">{th.trend.chartTitle}</h4>
      <div data-testid="trend-chart" data-years={a.history.map((h) => h.year).join(',')}>
        <VegaChart spec={trendChartSpec(a, color)} label={`${layerName}: ${th.trend.chartLabel}`} />
      </div>
      <details className="trend-years">
        <summary>{th.trend.tableCaption}</summary>
        <table className="feature-info-table" data-testid="trend-years">
          <caption className="sr-only">{th.trend.tableCaption}</caption>
          <thead>
            <tr>
              <th scope="col">{th.trend.year}</th>
              <th scope="col">{th.trend.distance}</th>
              <th scope="col">{th.trend.fit}</th>
            </tr>
          </thead>
          <tbody>
            {a.history.map((h) => (
              <tr key={h.year}>
                <th scope="row">{h.year}</th>
                <td>{h.distance === null ? th.trend.noLine : `${metres(h.distance)}${h.outlier ? ` (${th.trend.outlier})` : ''}`}</td>
                <td>{h.fit === null ? '-' : `${metres(h.fit)} (${metres(h.lower)} ถึง ${metres(h.upper)})`}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </div>
  );
}
