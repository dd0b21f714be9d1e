// The report's A4 pages as the screen preview and the print view draw them (SPEC.md §2 Export
// dialog): a header and title bar, the date and sample-data badge, the map (a live small map in
// the preview, its picture in print), the legend, then the chart pages.
import { useId, type ReactNode } from 'react';
import { th } from '../../locale/th.ts';
import type { ReportPage } from '../../report/model.ts';
import { ChartTable } from '../charts/ChartTable.tsx';
import { VegaChart } from '../charts/VegaChart.tsx';
import { LegendList } from './LegendList.tsx';
import { TitleBar } from './TitleBar.tsx';

interface ReportPagesProps {
  pages: readonly ReportPage[];
  title: string;
  onTitle: (title: string) => void;
  date: string;
  sample: boolean;
  /** A line under the map (compare mode's view and divider). */
  mapNote?: string | undefined;
  /** The map of the title page: the live map (preview) or its picture (print). */
  map: ReactNode;
  mode: 'screen' | 'print';
}

function Header({ sample }: { sample: boolean }) {
  const gradient = `report-sea-${useId().replace(/:/g, '')}`;
  return (
    <header className="report-header">
      <svg className="report-header-art" viewBox="0 0 800 90" preserveAspectRatio="none" aria-hidden>
        <defs>
          <linearGradient id={gradient} x1="0" x2="1">
            <stop offset="0" stopColor="#0B4F8A" />
            <stop offset="1" stopColor="#1D7FC4" />
          </linearGradient>
        </defs>
        <rect width="800" height="90" fill={`url(#${gradient})`} />
        <path d="M0 62 C120 40 220 84 340 60 S560 36 680 58 S780 70 800 62 L800 90 L0 90 Z" fill="#2AA7FE" opacity="0.45" />
        <path d="M0 74 C140 58 260 92 400 72 S640 58 800 76 L800 90 L0 90 Z" fill="#E9D8A6" opacity="0.85" />
      </svg>
      <p className="report-product">{th.report.product}</p>
      {sample && <span className="sample-badge report-sample">{th.sampleData}</span>}
    </header>
  );
}

export function ReportPages({ pages, title, onTitle, date, sample, mapNote, map, mode }: ReportPagesProps) {
  return (
    <>
      {pages.map((page, i) => (
        <section key={i} className={`report-page report-page-${page.kind}`} aria-label={th.report.page(i + 1, pages.length)} data-page-kind={page.kind}>
          {page.kind === 'title' && (
            <>
              <Header sample={sample} />
              <TitleBar title={title} onChange={onTitle} editable={mode === 'screen'} />
              <p className="report-date">{date}</p>
              <div className="report-map">{map}</div>
              {mapNote && <p className="report-map-note">{mapNote}</p>}
              <h4 className="report-legend-heading">{th.report.legendTitle}</h4>
              <LegendList blocks={page.legend} />
            </>
          )}
          {page.kind === 'legend' && (
            <>
              <h4 className="report-legend-heading">{th.report.legendContinued}</h4>
              <LegendList blocks={page.legend} />
            </>
          )}
          {page.kind === 'charts' && (
            <>
              <h3 className="report-chart-heading">{page.heading}</h3>
              {page.charts.map((c) => (
                <div key={c.id} className="report-chart" data-chart={c.id}>
                  <h4>{c.title}</h4>
                  <p className="chart-total">{c.chart.totalText}</p>
                  <VegaChart spec={c.chart.vegaLite} label={c.title} />
                  {c.chart.table && <ChartTable table={c.chart.table} caption={c.title} />}
                </div>
              ))}
            </>
          )}
          <footer className="report-page-number">{th.report.page(i + 1, pages.length)}</footer>
        </section>
      ))}
    </>
  );
}
