// What a shown layer would ask for now (issue 23 item 4): a toggle row compares it after every
// picker change and, when it differs, loads its layer again (liveReload.ts debounces), so a WFS
// layer re-requests with the new year (its chart follows) and a WMS layer gets its new LAYERS and
// CQL_FILTER. A WMS instance holds its whole request; a WFS one only its type name (the CQL and
// viewparams are built when it loads), so the key also holds what every picker reference of the
// template sends: its {variables}, `picker` references (cql, viewparams, params), `deepest`
// lists and `splitBy`. Pickers the template does not read never reload it.
import { refValues, type PickerValues } from '../../engine/options.ts';
import { templateVariables } from '../../engine/template.ts';
import { definitionOf } from '../../layers/definitions.ts';
import type { InstantiateContext, TemplateBase } from '../../layers/types.ts';

const pickerIdOf = (ref: string) => ref.split('.')[0] ?? ref;

/** The picker references a layer template reads, anywhere in it (sorted): 'year' for {year},
 *  'islands.pv_tn' for a cql or viewparam reading that field, the ids of `deepest` lists, and
 *  for `splitBy` its codes and names (the names label the parts). */
export function pickerRefs(template: TemplateBase): string[] {
  const refs = new Set<string>();
  const visit = (node: unknown, key: string | undefined): void => {
    if (typeof node === 'string') {
      templateVariables(node).forEach((v) => refs.add(v));
      if (key === 'picker') refs.add(node);
      if (key === 'splitBy') [node, `${node}.name`].forEach((ref) => refs.add(ref));
    } else if (Array.isArray(node)) {
      node.forEach((item) => visit(item, key === 'deepest' ? 'picker' : undefined));
    } else if (node && typeof node === 'object') {
      for (const [k, v] of Object.entries(node)) visit(v, k);
    }
  };
  visit(template, undefined);
  return [...refs].sort();
}

/** What the references send (a row's own template variables left out: they win over pickers).
 *  Codes, not whole choices: a choice whose name arrives later (a restored link) is the same. */
function sentValues(refs: readonly string[], values: PickerValues, vars: Readonly<Record<string, string>>): Array<[string, string[]]> {
  return refs.filter((ref) => !(pickerIdOf(ref) in vars)).map((ref) => [ref, refValues(values, ref)]);
}

/** What the layer of `template` would ask for with these values, as a comparable text; '' while
 *  it cannot be made (a variable it needs is unchosen). */
export function requestKey(template: TemplateBase, ctx: InstantiateContext): string {
  try {
    const instance = definitionOf(template.type).instantiate(template, ctx);
    return JSON.stringify([instance, sentValues(pickerRefs(template), ctx.values, ctx.vars)]);
  } catch {
    return '';
  }
}
