// Checks against the Thai glossary (config/glossary.yaml): a legend item or a form option that
// names a code of a glossary code set must say what the glossary says for that code.
import type { CodeSet, FormDoc, Glossary } from '../engine/types.ts';
import { codeLabel, itemKey, type LegendSource } from '../engine/glossary.ts';
import type { Loaded } from './readDocument.ts';
import type { Issues } from './issues.ts';

interface GlossaryCheckInput {
  glossary: Loaded<Glossary>;
  legends?: Loaded<{ legends: LegendSource[] }>;
  forms: ReadonlyArray<Loaded<FormDoc>>;
}

export function checkGlossary(issues: Issues, input: GlossaryCheckInput): void {
  const { glossary } = input;
  const { doc, data } = glossary;
  const units = Object.keys(data.units);
  for (const [name, field] of Object.entries(data.fields)) {
    if (field.unit && !data.units[field.unit]) issues.unknown(doc, ['fields', name, 'unit'], 'unit', field.unit, units);
    if (field.codes && !data.codes[field.codes]) issues.unknown(doc, ['fields', name, 'codes'], 'glossary code set', field.codes, Object.keys(data.codes));
    if (field.duplicateOf && !data.fields[field.duplicateOf]) issues.unknown(doc, ['fields', name, 'duplicateOf'], 'glossary field', field.duplicateOf, Object.keys(data.fields));
  }
  if (input.legends) checkLegends(issues, glossary, input.legends);
  for (const [setId, set] of Object.entries(data.codes)) {
    (set.formFields ?? []).forEach((ref, i) => checkFormField(issues, glossary, setId, set, ref, ['codes', setId, 'formFields', i], input.forms));
  }
}

/** Where the glossary says it, for messages: 'coastal-status "LA" is "LA ..." (config/glossary.yaml:53:7)'. */
function said(glossary: Loaded<Glossary>, setId: string, set: CodeSet, key: string): string {
  const at = glossary.doc.locate(['codes', setId, 'items', key]);
  return `${setId} "${key}" is "${codeLabel(set, key) ?? ''}" (${glossary.doc.file}:${at.line}:${at.column})`;
}

function checkLegends(issues: Issues, glossary: Loaded<Glossary>, legends: Loaded<{ legends: LegendSource[] }>): void {
  const { doc } = legends;
  const sets = Object.keys(glossary.data.codes);
  legends.data.legends.forEach((legend, li) => {
    const setId = legend.terms;
    const set = setId ? glossary.data.codes[setId] : undefined;
    if (setId && !set) issues.unknown(doc, ['legends', li, 'terms'], 'glossary code set', setId, sets);
    legend.items.forEach((item, ii) => {
      const path = ['legends', li, 'items', ii];
      if (!setId) {
        if (item.term !== undefined) issues.add(doc, [...path, 'term'], `"term" needs the legend to name a glossary code set in "terms"`);
        if (item.label === undefined) issues.add(doc, path, 'missing "label" (or name a glossary code set in the legend\'s "terms")');
        return;
      }
      if (!set) return;
      const key = itemKey(item);
      if (key === undefined) {
        issues.add(doc, path, `needs a "code" or a "term" of glossary code set "${setId}"`);
        return;
      }
      const expected = codeLabel(set, key);
      if (expected === undefined) {
        issues.unknown(doc, [...path, item.term !== undefined ? 'term' : 'code'], `code of glossary set "${setId}"`, key, Object.keys(set.items));
      } else if (item.label !== undefined && item.label !== expected) {
        issues.add(doc, [...path, 'label'], `"${item.label}" contradicts the glossary: ${said(glossary, setId, set, key)}`);
      }
    });
  });
}

function checkFormField(
  issues: Issues,
  glossary: Loaded<Glossary>,
  setId: string,
  set: CodeSet,
  ref: string,
  refPath: ReadonlyArray<string | number>,
  forms: ReadonlyArray<Loaded<FormDoc>>,
): void {
  const [formId = '', field = ''] = ref.split('.');
  const form = forms.find((f) => f.data.id === formId);
  if (!form) {
    issues.unknown(glossary.doc, refPath, 'form', formId, forms.map((f) => f.data.id));
    return;
  }
  const properties = (form.data.schema.properties ?? {}) as Record<string, { enum?: unknown[] }>;
  const values = properties[field]?.enum;
  if (!values) {
    issues.add(glossary.doc, refPath, `form "${formId}" has no enum field "${field}"`);
    return;
  }
  values.forEach((value, i) => {
    const path = ['schema', 'properties', field, 'enum', i];
    const text = String(value);
    const code = text.split(' ')[0] ?? text;
    const expected = codeLabel(set, code);
    if (expected === undefined) issues.unknown(form.doc, path, `code of glossary set "${setId}"`, code, Object.keys(set.items));
    else if (text !== expected) issues.add(form.doc, path, `"${text}" contradicts the glossary: ${said(glossary, setId, set, code)}`);
  });
}
