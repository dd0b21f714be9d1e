// The Thai glossary (config/glossary.yaml): one Thai term, with its English one, per concept.
// Legends, the feature drawer's field labels, the proposal form's enum labels and the documents
// read their words from it; check:config refuses a label that says something else. Pure: used by
// the loader (Node) and, through the bundle, by the client.

import type { CodeSet, Glossary, Legend } from './types.ts';
import type { LegendsDoc } from './generated/legends.ts';

/** The label of a code set's item in the set's style; undefined for an unknown code. */
export function codeLabel(set: CodeSet, code: string): string | undefined {
  const term = set.items[code];
  if (!term) return undefined;
  if (set.label === 'code-term') return `${code} ${term.th}`;
  if (set.label === 'term-en') return `${term.th} (${term.en})`;
  return term.th;
}

/** A field's Thai label with its unit, e.g. 'ความเร็ว (ซม./วินาที)'; undefined for an unknown field. */
export function fieldLabel(glossary: Pick<Glossary, 'fields' | 'units'>, name: string): string | undefined {
  const field = glossary.fields[name];
  if (!field) return undefined;
  const unit = field.unit ? glossary.units[field.unit] : undefined;
  return unit ? `${field.th} (${unit.th})` : field.th;
}

/** Internal ids of a feature (gid, fid, id, ogc_fid, objectid, island_gid, lake_island_id):
 *  the drawer hides them unless the layer sets `showIds`, and they need no Thai label. */
export function isInternalId(field: string): boolean {
  return /^(gid|fid|id|ogc_fid|objectid)$/i.test(field) || /_(gid|fid|id)$/i.test(field);
}

/** A legend as written in legends.yaml: items of a legend with `terms` may leave out the label. */
export type LegendSource = LegendsDoc['legends'][number];

/** The glossary key of a legend item: its `term`, else its code. */
export function itemKey(item: { code?: string | number; term?: string }): string | undefined {
  return item.term ?? (item.code === undefined ? undefined : String(item.code));
}

/** Legends with every label filled from their glossary code set (check:config has refused
 *  unknown sets, unknown codes and contradicting labels before this runs). */
export function resolveLegends(legends: readonly LegendSource[], glossary: Pick<Glossary, 'codes'>): Legend[] {
  return legends.map(({ terms, items, ...legend }) => {
    const set = terms ? glossary.codes[terms] : undefined;
    return {
      ...legend,
      items: items.map(({ term, label, ...item }) => {
        const key = itemKey({ ...item, ...(term ? { term } : {}) });
        return { ...item, label: label ?? (set && key ? codeLabel(set, key) : undefined) ?? key ?? '' };
      }),
    };
  });
}
