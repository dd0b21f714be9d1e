// `chart` section view (SPEC.md §4 Charts): the chart panel of its row's result, shown only for
// non-empty data and cleared when the row hides or fails (its result leaves the row results
// store). The compiler, the table and the panel load on demand; vega later still, when drawn. A
// chart with a `router` call charts that call's answer for the row's request (routerInput.ts).
// It never vanishes without a word (issue 23 item 3): its own call failing says so in Thai with
// 'ลองใหม่' where that helps, and data without a configured field says 'ไม่พบฟิลด์ ... ในข้อมูล'.
import { lazy, Suspense, useId, useMemo } from 'react';
import type { RouterQuery } from '../../../engine/types.ts';
import type { ChartSpec } from '../../../engine/charts/spec.ts';
import { useConfig } from '../../../state/config.tsx';
import { useChartLoad } from '../../charts/routerInput.ts';
import { useRowResult } from '../../topic/rowResults.ts';
import { failureText } from '../common/failureText.ts';
import { LoadFailure } from '../common/LoadFailure.tsx';
import type { SectionProps } from '../../../sections/definitions.ts';
import { missingFieldsText } from './missingFields.ts';

const RowChart = lazy(() => import('../../charts/RowChart.tsx'));

export function ChartView({ section }: SectionProps<'chart'>) {
  const { app } = useConfig();
  const noteId = useId();
  const result = useRowResult(section.from);
  const { input, error, retry } = useChartLoad(section.router as RouterQuery | undefined, result);
  const missing = useMemo(() => (input ? missingFieldsText(section as ChartSpec, input) : null), [section, input]);
  return (
    <div className="charts-section" aria-live="polite" data-chart={section.id}>
      {error !== undefined && <LoadFailure id={noteId} heading={section.title} failure={failureText('chart', error)} {...(retry ? { onRetry: retry } : {})} />}
      {missing && <LoadFailure id={noteId} heading={section.title} failure={{ text: missing, retry: false }} />}
      {input && !missing && (
        <Suspense fallback={null}>
          <RowChart spec={section} input={input} slideMs={app.delays.chartSlideMs} />
        </Suspense>
      )}
    </div>
  );
}
