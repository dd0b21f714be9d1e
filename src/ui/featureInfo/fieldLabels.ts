// The feature drawer's labels of a shown layer's attributes, from its template's `fields` in
// config (issue 11): remembered when the layer is added, read when its features are shown.
import type { TemplateBase } from '../../layers/types.ts';

const byLayer = new Map<string, Readonly<Record<string, string>>>();

function labelsOf(template: TemplateBase): Record<string, string> {
  const fields = template.fields;
  if (!fields || typeof fields !== 'object') return {};
  return Object.fromEntries(Object.entries(fields).filter((e): e is [string, string] => typeof e[1] === 'string'));
}

export function rememberFieldLabels(layerId: string, template: TemplateBase): void {
  byLayer.set(layerId, labelsOf(template));
}

export function fieldLabelsOf(layerId: string | undefined): Readonly<Record<string, string>> {
  return (layerId && byLayer.get(layerId)) || {};
}
