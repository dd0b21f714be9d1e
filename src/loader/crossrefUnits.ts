// The `value.unit` of every section that declares one (chart, totals, any later kind whose value
// has a unit) must be a unit the product can show (issue 23):
// a built-in chart unit (sqm, m, km, ...) or a unit id of config/glossary.yaml `units`, whose
// Thai label and decimals the axis, tooltip and table use. An unknown id is refused with
// did-you-mean and how to define it.
import { BUILT_IN_CHART_UNITS } from '../engine/charts/spec.ts';
import type { Glossary, TopicDoc } from '../engine/types.ts';
import type { Issues } from './issues.ts';
import type { Loaded } from './readDocument.ts';
import { closestName } from './similar.ts';

export function checkChartUnits(issues: Issues, topic: Loaded<TopicDoc>, glossary: Pick<Glossary, 'units'>): void {
  const known = [...BUILT_IN_CHART_UNITS, ...Object.keys(glossary.units)];
  topic.data.variants.forEach((variant, vi) => {
    (variant.sections ?? []).forEach((section, si) => {
      const value = (section as { value?: unknown }).value;
      const unit = value && typeof value === 'object' ? (value as { unit?: unknown }).unit : undefined;
      if (typeof unit !== 'string' || known.includes(unit)) return;
      const hint = closestName(unit, known);
      const fix = hint ? `did you mean "${hint}"? Or define` : 'define';
      issues.add(topic.doc, ['variants', vi, 'sections', si, 'value', 'unit'], `unknown unit "${unit}" (${fix} it in config/glossary.yaml units, e.g. ${unit}: { th: ..., en: ..., decimals: 1 })`);
    });
  });
}
