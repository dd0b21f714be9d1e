// A `totals` section as the request it makes and the chart it draws (pure). The server answers
// one row per group: the groupBy attributes, the value under the field's name and `count` (how
// many values made it; the rows for aggregate count). Charting those rows as features gives the
// section's totals whatever the levels: a sum sums the sums, a count sums the counts, a mean is
// the mean of the means weighted by their counts (a level may merge groups, e.g. alternatives).
import { chartSpec, type ChartSpec, type ChartSpecInput } from '../../../engine/charts/spec.ts';
import type { TotalsRequest } from '../../../engine/layerData.ts';
import type { TotalsSection } from '../../../sections/totals/definition.ts';

export function totalsRequest(s: TotalsSection): TotalsRequest {
  const op = s.value.aggregate;
  return {
    layer: s.layer,
    ...(s.filter ? { filter: s.filter } : {}),
    op,
    ...(op !== 'count' && s.value.field !== undefined ? { field: s.value.field } : {}),
    groupBy: s.groupBy.flatMap((level) => level.fields),
  };
}

export function totalsChartSpec(s: TotalsSection): ChartSpec {
  const op = s.value.aggregate;
  const field = s.value.field ?? 'count';
  const value: ChartSpecInput['value'] =
    op === 'count' ? { unit: s.value.unit, field: 'count', aggregate: 'sum' } : op === 'mean' ? { unit: s.value.unit, field, aggregate: 'mean', weight: 'count' } : { unit: s.value.unit, field, aggregate: 'sum' };
  const { kind: _kind, layer: _layer, filter: _filter, ...chart } = s;
  return chartSpec({ ...chart, from: s.id, value });
}
