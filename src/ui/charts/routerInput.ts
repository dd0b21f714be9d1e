// The rows of a chart with a `router` call (issue 14): the call made with its row's request
// parameters (area, period) and its own fixed ones, its answer rows read as chart features. The
// row's result changing (a new period, a live reload) asks again; an answer that arrives after a
// newer request is dropped. Without `router` the chart reads the row's own features.
import { useEffect, useMemo, useState } from 'react';
import type { ChartInput } from '../../engine/charts/group.ts';
import type { RouterQuery } from '../../engine/types.ts';
import { routerRows } from '../../state/api.ts';
import { useConfig } from '../../state/config.tsx';
import { chartInputOf, type RowResult } from '../topic/rowResults.ts';

/** The router query of a chart: the row's parameters, then the chart's own (which win). */
export function chartRouterQuery(router: RouterQuery, result: Pick<RowResult, 'params'> | undefined): Record<string, string> | null {
  return result?.params ? { ...result.params, ...router } : null;
}

/** Answer rows as a chart input (null when there are none: no chart for empty data). */
export function rowsInput(rows: readonly unknown[], params: Readonly<Record<string, string>>): ChartInput | null {
  const features = rows.flatMap((r) => (r && typeof r === 'object' ? [{ properties: r as Record<string, unknown> }] : []));
  return features.length ? { features: { features }, viewparams: params } : null;
}

/** A chart's input, or why its own router call failed (`error`, with `retry`: issue 23 item 3). */
interface ChartLoad {
  input: ChartInput | null;
  error?: unknown;
  retry?: () => void;
}

export function useChartLoad(router: RouterQuery | undefined, result: RowResult | undefined): ChartLoad {
  const { app } = useConfig();
  const own = useMemo(() => (router ? null : chartInputOf(result)), [router, result]);
  const query = useMemo(() => (router ? chartRouterQuery(router, result) : null), [router, result]);
  const [answer, setAnswer] = useState<{ query: Record<string, string>; input: ChartInput | null; error?: unknown } | null>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!query) return;
    let current = true;
    routerRows(app, query).then(
      (rows) => current && setAnswer({ query, input: rowsInput(rows, query) }),
      (error: unknown) => {
        if (current) setAnswer({ query, input: null, error });
        console.warn(`chart rows from ${query.page}/${query.mode ?? ''} failed`, error);
      },
    );
    return () => {
      current = false;
    };
  }, [app, query, attempt]);
  if (!router) return { input: own };
  if (!query || answer?.query !== query) return { input: null };
  return answer.error === undefined ? { input: answer.input } : { input: null, error: answer.error, retry: () => setAttempt((n) => n + 1) };
}
