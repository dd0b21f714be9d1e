// Checks of config/legends.yaml that concern its data: a range class must be a range (min below
// max: a class with min above max never matches, so its colour and symbol never show), and a
// legend the layer catalog styles a layer with must class by one of that layer's attributes.
import type { CatalogDoc, Published } from '../engine/catalog.ts';
import type { Loaded } from './readDocument.ts';
import type { Issues } from './issues.ts';
import type { LegendSource } from '../engine/glossary.ts';
import { closestName } from './similar.ts';

export function checkLegendRanges(issues: Issues, legends: Loaded<{ legends: LegendSource[] }>): void {
  legends.data.legends.forEach((legend, li) => {
    legend.items.forEach((item, ii) => {
      if (item.min === undefined || item.max === undefined || item.min < item.max) return;
      issues.add(legends.doc, ['legends', li, 'items', ii, 'min'], `range class "${item.label ?? item.term ?? ii}" has min ${item.min} ${item.min === item.max ? 'equal to' : 'above'} max ${item.max}: no value lies in it (min is exclusive, max inclusive)`);
    });
  });
}

export function checkCatalogLegendFields(issues: Issues, catalog: Loaded<CatalogDoc>, published: readonly Published[], legends: readonly LegendSource[]): void {
  const reported = new Set<number>();
  published.forEach((p) => {
    if (p.kind !== 'vector' || p.legend === undefined || reported.has(p.origin)) return;
    const field = legends.find((l) => l.id === p.legend)?.field;
    const names = p.attributes.map((a) => a.name);
    if (field === undefined || names.includes(field)) return;
    const hint = closestName(field, names);
    reported.add(p.origin);
    issues.add(catalog.doc, ['layers', p.origin, 'legend'], `legend "${p.legend}" classes by field "${field}", which layer "${p.name}" does not publish${hint ? ` (did you mean "${hint}"?)` : ''}; attributes: ${names.join(', ')}`);
  });
}
