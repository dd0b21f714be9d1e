// The chart fields a result does not have (issue 23 item 3): a configured value, weight, stack or
// share field, or every alternative of a grouping level, that no feature of the data carries. The
// chart then says 'ไม่พบฟิลด์ ... ในข้อมูล' instead of vanishing. A field present but blank in
// some features is no mistake (the spec's `missing` and `unknown` rules handle it).
import { levelsFor, type ChartInput } from '../../../engine/charts/group.ts';
import type { ChartSpec } from '../../../engine/charts/spec.ts';
import { th } from '../../../locale/th.ts';

/** The names to report: each missing field, a level's alternatives joined by ' หรือ '. */
export function missingChartFields(spec: ChartSpec, input: ChartInput): string[] {
  const features = input.features.features;
  if (features.length === 0) return [];
  const present = new Set<string>();
  for (const f of features) for (const key of Object.keys(f.properties ?? {})) present.add(key);
  const wanted: string[][] = [];
  if (spec.value.aggregate !== 'count') wanted.push([spec.value.field]);
  if (spec.value.weight) wanted.push([spec.value.weight]);
  for (const level of levelsFor(spec.groupBy, input.viewparams)) if (!level.unknown) wanted.push([...level.fields]);
  if (spec.stack) wanted.push([spec.stack.field]);
  for (const share of spec.shares ?? []) wanted.push([share.count], [share.of]);
  const missing = wanted.filter((alternatives) => !alternatives.some((f) => present.has(f.trim()))).map((a) => a.join(' หรือ '));
  return [...new Set(missing)];
}

/** The Thai note for missing fields, or null when every field is there. */
export function missingFieldsText(spec: ChartSpec, input: ChartInput): string | null {
  const missing = missingChartFields(spec, input);
  return missing.length ? `${th.failures.missingFields(...missing)} ${th.failures.checkChart}` : null;
}
