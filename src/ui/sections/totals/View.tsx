// `totals` section view (issue 23 item 2): asks /{product}/v2/totals for the section's layer with
// the pickers' choices (again when they change; an answer to an older choice is dropped) and
// draws the rows with the chart panel and table of `chart` sections. Nothing is asked while the
// layer name waits for a picker ({year}); a failure says so in Thai with 'ลองใหม่' where it helps.
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { refValue, refValues } from '../../../engine/options.ts';
import { selectionPickerRefs, totalsQuery } from '../../../engine/layerData.ts';
import { layerDataRows } from '../../../state/api.ts';
import { useConfig } from '../../../state/config.tsx';
import type { ChartInput } from '../../../engine/charts/compile.ts';
import { rowsInput } from '../../charts/routerInput.ts';
import { useVariantState } from '../../topic/variantState.tsx';
import { failureText } from '../common/failureText.ts';
import { th } from '../../../locale/th.ts';
import type { SectionProps } from '../../../sections/definitions.ts';
import { totalsChartSpec, totalsRequest } from './chartOfTotals.ts';

const RowChart = lazy(() => import('../../charts/RowChart.tsx'));

type Answer = { key: string; input: ChartInput | null; error?: unknown };

export function TotalsView({ section }: SectionProps<'totals'>) {
  const { app } = useConfig();
  const { values } = useVariantState();
  const spec = useMemo(() => totalsChartSpec(section), [section]);
  // Asked again only when a value the request reads changes.
  const depsKey = selectionPickerRefs(section).map((ref) => refValue(values, ref) ?? '').join('|');
  const query = useMemo(() => totalsQuery(totalsRequest(section), (ref) => refValues(values, ref)), [section, depsKey]); // eslint-disable-line react-hooks/exhaustive-deps
  const key = query ? new URLSearchParams(query).toString() : '';
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!query) return;
    let current = true;
    layerDataRows(app, 'totals', query).then(
      (rows) => current && setAnswer({ key, input: rowsInput(rows, {}) }),
      (error: unknown) => {
        if (current) setAnswer({ key, input: null, error });
        console.warn(`totals of ${section.id} failed`, error);
      },
    );
    return () => {
      current = false;
    };
  }, [app, key, attempt]); // eslint-disable-line react-hooks/exhaustive-deps -- key stands for the query
  const shown = query && answer?.key === key ? answer : null;
  const failure = shown?.error !== undefined ? failureText('chart', shown.error) : null;
  return (
    <div className="charts-section" aria-live="polite" data-chart={section.id}>
      {failure && (
        <div className="load-failure" role="alert">
          <span className="load-failure-text">
            <strong>{section.title}: </strong>
            {failure.text}
          </span>
          {failure.retry && (
            <button type="button" className="load-failure-retry" onClick={() => setAttempt((n) => n + 1)}>
              {th.failures.retry}
            </button>
          )}
        </div>
      )}
      {shown?.input && (
        <Suspense fallback={null}>
          <RowChart spec={spec} input={shown.input} slideMs={app.delays.chartSlideMs} />
        </Suspense>
      )}
    </div>
  );
}
