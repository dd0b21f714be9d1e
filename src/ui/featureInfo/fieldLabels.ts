// The feature drawer's labels of a shown layer's attributes, from its template's `fields` in
// config (issue 11): remembered when the layer is added, read when its features are shown. A field
// the layer does not label takes the glossary's Thai label with its unit (issue 16); its numbers
// take the glossary's decimals (the field's, else its unit's; issue 23).
import type { TemplateBase } from '../../layers/types.ts';
import type { Glossary } from '../../engine/types.ts';
import { fieldLabel } from '../../engine/glossary.ts';
import { fieldDecimals } from '../../engine/units.ts';

const byLayer = new Map<string, Readonly<Record<string, string>>>();

function labelsOf(template: TemplateBase): Record<string, string> {
  const fields = template.fields;
  if (!fields || typeof fields !== 'object') return {};
  return Object.fromEntries(Object.entries(fields).filter((e): e is [string, string] => typeof e[1] === 'string'));
}

export function rememberFieldLabels(layerId: string, template: TemplateBase): void {
  byLayer.set(layerId, labelsOf(template));
}

/** The label of a field of layer `layerId`: the layer's own, else the glossary's, else none. */
export function fieldLabeller(layerId: string | undefined, glossary: Pick<Glossary, 'fields' | 'units'>): (field: string) => string | undefined {
  const own = (layerId && byLayer.get(layerId)) || {};
  return (field) => own[field] ?? fieldLabel(glossary, field);
}

/** The decimals of a field's numbers in the drawer (the glossary's), undefined for the default. */
export function fieldDecimaller(glossary: Pick<Glossary, 'fields' | 'units'>): (field: string) => number | undefined {
  return (field) => fieldDecimals(glossary, field);
}
