// What a shown layer would ask for now (issue 23 item 4): a toggle row compares it after every
// picker change and, when it differs, loads its layer again (liveReload.ts debounces), so a WFS
// layer re-requests with the new year (its chart follows) and a WMS layer gets its new LAYERS and
// CQL_FILTER. A WMS instance holds its whole request; a WFS one only its type name (the CQL and
// viewparams are built when it loads), so the key also holds the value of every picker the
// template reads: its {variables}, `picker` references (cql, viewparams, params), `deepest`
// lists and `splitBy`. Pickers the template does not read never reload it.
import type { PickerValues } from '../../engine/options.ts';
import { templateVariables } from '../../engine/template.ts';
import { definitionOf } from '../../layers/definitions.ts';
import type { InstantiateContext, TemplateBase } from '../../layers/types.ts';

const pickerIdOf = (ref: string) => ref.split('.')[0] ?? ref;

/** The picker ids a layer template reads, anywhere in it (sorted). */
export function pickersUsed(template: TemplateBase): string[] {
  const ids = new Set<string>();
  const visit = (node: unknown, key: string | undefined): void => {
    if (typeof node === 'string') {
      templateVariables(node).forEach((v) => ids.add(v));
      if (key === 'picker' || key === 'splitBy') ids.add(pickerIdOf(node));
    } else if (Array.isArray(node)) {
      node.forEach((item) => visit(item, key === 'deepest' ? 'picker' : undefined));
    } else if (node && typeof node === 'object') {
      for (const [k, v] of Object.entries(node)) visit(v, k);
    }
  };
  visit(template, undefined);
  return [...ids].sort();
}

/** The values of the pickers `ids` (those given as template variables left out: they win). */
function usedValues(ids: readonly string[], values: PickerValues, vars: Readonly<Record<string, string>>): Record<string, unknown> {
  return Object.fromEntries(ids.filter((id) => !(id in vars)).map((id) => [id, values[id] ?? null]));
}

/** What the layer of `template` would ask for with these values, as a comparable text; '' while
 *  it cannot be made (a variable it needs is unchosen). */
export function requestKey(template: TemplateBase, ctx: InstantiateContext): string {
  try {
    const instance = definitionOf(template.type).instantiate(template, ctx);
    return JSON.stringify([instance, usedValues(pickersUsed(template), ctx.values, ctx.vars)]);
  } catch {
    return '';
  }
}
