// How the feature drawer reads a shown layer's attributes (issues 11, 16, 23, 24): the labels of
// its template's `fields` and its `showIds`, remembered when the layer is added, then the
// glossary's (config/glossary.yaml `fields`): Thai label with unit, decimals, code set, and the
// field it duplicates. Coded values take the glossary code set's Thai term, else the label a
// legend classing by that field gives the code. Internal ids are hidden unless the layer shows them.
import type { TemplateBase } from '../../layers/types.ts';
import type { Glossary, Legend } from '../../engine/types.ts';
import { fieldLabel, isInternalId } from '../../engine/glossary.ts';
import { fieldDecimals } from '../../engine/units.ts';
import type { FieldReader } from './formatProperties.ts';

interface LayerFields {
  labels: Readonly<Record<string, string>>;
  showIds: boolean;
}

const byLayer = new Map<string, LayerFields>();

function labelsOf(template: TemplateBase): Record<string, string> {
  const fields = template.fields;
  if (!fields || typeof fields !== 'object') return {};
  return Object.fromEntries(Object.entries(fields).filter((e): e is [string, string] => typeof e[1] === 'string'));
}

export function rememberDrawerFields(layerId: string, template: TemplateBase): void {
  byLayer.set(layerId, { labels: labelsOf(template), showIds: template.showIds === true });
}

export type DrawerGlossary = Pick<Glossary, 'fields' | 'units' | 'codes'>;

const own = <T>(record: Readonly<Record<string, T>>, key: string): T | undefined => (Object.hasOwn(record, key) ? record[key] : undefined);

/** The Thai label of a coded value of `field`: the glossary code set the field names, else the
 *  layer's legend, else any legend classing by that field (e.g. rate_class 'moderate_erosion').
 *  A legend label that only adds words to the code itself ('พ.ศ. 2567', 'GR รอดักทราย (Groin)')
 *  is not used: the code stays (line_year 2567, code_stru GR, next to their own Thai fields). */
function codeLabeller(glossary: Pick<Glossary, 'fields' | 'codes'>, legends: readonly Legend[], layerLegend?: string): (field: string, value: unknown) => string | undefined {
  return (field, value) => {
    if (typeof value !== 'string' && typeof value !== 'number') return undefined;
    const code = String(value).trim();
    const setId = own(glossary.fields, field)?.codes;
    const term = setId ? own(glossary.codes, setId)?.items[code] : undefined;
    if (term) return term.th;
    const classing = legends.filter((l) => l.field === field).sort((a, b) => Number(b.id === layerLegend) - Number(a.id === layerLegend));
    for (const legend of classing) {
      const item = legend.items.find((i) => i.code !== undefined && String(i.code) === code);
      if (item) return item.label === code || item.label.startsWith(`${code} `) || item.label.endsWith(` ${code}`) ? undefined : item.label;
    }
    return undefined;
  };
}

/** How the drawer shows the fields of layer `layer` (its id and legend; none for an unknown one). */
export function fieldReader(layer: { id?: string; legend?: string } | undefined, glossary: DrawerGlossary, legends: readonly Legend[]): FieldReader {
  const fields = (layer?.id && byLayer.get(layer.id)) || { labels: {}, showIds: false };
  return {
    label: (field) => own(fields.labels, field) ?? fieldLabel(glossary, field),
    decimals: (field) => fieldDecimals(glossary, field),
    codeLabel: codeLabeller(glossary, legends, layer?.legend),
    shown: (field) => fields.showIds || !isInternalId(field),
    duplicateOf: (field) => own(glossary.fields, field)?.duplicateOf,
  };
}
