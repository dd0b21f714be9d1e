// Cross-reference checks inside one topic variant: pickers, lists, layers, validations, sections.
import type { JsonPath } from '../engine/errors.ts';
import type { CascadeDef, Legend, PickerDef, Source, VariantDoc } from '../engine/types.ts';
import type { SourceDocument } from './readDocument.ts';
import type { Issues } from './issues.ts';
import { isUse } from '../engine/resolve.ts';
import { templateVariables } from '../engine/template.ts';
import { closestName } from './similar.ts';
import { checkSections, declaredBySections } from './crossrefSections.ts';
import { checkLayers } from './crossrefLayers.ts';
import type { Published } from '../engine/catalog.ts';
import { checkCompare } from './crossrefCompare.ts';

/** undefined: that shared file failed its own checks, so references into it are not judged. */
interface Context { cascades?: readonly CascadeDef[]; legendIds?: readonly string[]; legends?: readonly Legend[]; formIds: readonly string[]; published?: readonly Published[] }
interface DeclaredPicker { def: PickerDef; path: JsonPath }

const BUILT_IN_FIELDS = ['code', 'name', 'value', 'label', 'id'];

export function checkVariant(issues: Issues, doc: SourceDocument, at: JsonPath, v: VariantDoc, ctx: Context): void {
  if (!ctx.cascades && (v.pickers ?? []).some(isUse)) return;
  const { pickers, incomplete } = declaredPickers(issues, doc, at, v, ctx.cascades ?? []);
  const pickerIds = pickers.map((p) => p.def.id);
  const listIds = (v.lists ?? []).map((l) => l.id);
  const layerIds = (v.layers ?? []).map((l) => l.id);
  const validationIds = (v.validations ?? []).map((x) => x.id);
  const sections = v.sections ?? [];
  const declared = declaredBySections(at, sections);

  issues.duplicates(doc, pickers.map((p) => ({ id: p.def.id, path: p.path.at(-1) === 'use' ? p.path : [...p.path, 'id'] })), 'picker id');
  issues.duplicates(doc, listIds.map((id, i) => ({ id, path: [...at, 'lists', i, 'id'] })), 'list id');
  issues.duplicates(doc, layerIds.map((id, i) => ({ id, path: [...at, 'layers', i, 'id'] })), 'layer id');
  issues.duplicates(doc, validationIds.map((id, i) => ({ id, path: [...at, 'validations', i, 'id'] })), 'validation id');

  const pickerRef = (path: JsonPath, ref: string, declared: readonly DeclaredPicker[] = pickers) => {
    const [id = ref, field] = ref.split('.');
    const target = declared.find((p) => p.def.id === id);
    // After an unknown `use:` cascade the variant's pickers are not known; that one error is enough.
    if (!target) return incomplete ? undefined : issues.unknown(doc, path, 'picker', id, declared.map((p) => p.def.id));
    if (field && !BUILT_IN_FIELDS.includes(field) && !sourceFields(target.def.source).includes(field)) {
      issues.add(doc, path, `picker "${id}" has no field "${field}"; add it to its source's fields.extra or use code/name`);
    }
  };
  const checkSource = (path: JsonPath, source: Source, declared: readonly DeclaredPicker[]) => {
    if ('list' in source && !listIds.includes(source.list)) issues.unknown(doc, [...path, 'list'], 'list', source.list, listIds);
    if ('router' in source) for (const [k, ref] of Object.entries(source.params ?? {})) pickerRef([...path, 'params', k], ref, declared);
    if ('asset' in source || 'layer' in source) for (const [k, ref] of Object.entries(source.filter ?? {})) pickerRef([...path, 'filter', k], ref, declared);
    if ('layer' in source) for (const v of templateVariables(source.layer)) pickerRef([...path, 'layer'], v, declared);
  };

  pickers.forEach((p, i) => {
    if (p.path.at(-1) === 'use' || p.path.at(-2) !== 'pickers') return; // cascade pickers are checked in pickers.yaml
    checkSource([...p.path, 'source'], p.def.source, pickers.slice(0, i));
    // A checkbox holds one value: its source is exactly one fixed option.
    if (p.def.kind === 'toggle' && !('options' in p.def.source && p.def.source.options.length === 1)) issues.add(doc, [...p.path, 'source'], 'a toggle picker needs source: { options: [one option] } (the value sent when ticked)');
    (p.def.dependsOn ?? []).forEach((d, k) => {
      if (!pickerIds.includes(d) && !incomplete) issues.unknown(doc, [...p.path, 'dependsOn', k], 'picker', d, pickerIds);
    });
  });
  (v.lists ?? []).forEach((l, i) => checkSource([...at, 'lists', i, 'source'], l.source, pickers));

  checkLayers(issues, doc, at, v, {
    ...(ctx.legends ? { legends: ctx.legends } : {}),
    pickerIds,
    pickerRef: (path, ref) => pickerRef(path, ref),
    // A compare side (issue 25) fills {year} of the layers it draws.
    variables: (layerId) => new Set(['product', ...pickerIds, ...declared.variables, ...declared.layerVariables(layerId), ...(v.compare?.layers.includes(layerId) ? ['year'] : [])]),
    incomplete,
    ...(ctx.published ? { published: ctx.published } : {}),
  });

  (v.validations ?? []).forEach((val, i) => {
    const vp: JsonPath = [...at, 'validations', i];
    val.pickers.forEach((id, k) => pickerRef([...vp, 'pickers', k], id));
    if ((val.rule === 'different' || val.rule === 'ordered') && val.pickers.length !== 2) {
      issues.add(doc, [...vp, 'pickers'], `rule "${val.rule}" compares exactly two pickers (got ${val.pickers.length})`);
    }
    if (val.rule === 'minItems') {
      const target = pickers.find((p) => p.def.id === val.pickers[0]);
      if (target && target.def.kind !== 'multiselect') issues.add(doc, [...vp, 'rule'], `rule "minItems" needs a multiselect picker; "${target.def.id}" is a ${target.def.kind}`);
    }
  });

  checkCompare(issues, doc, at, v);
  checkSections(issues, doc, at, sections, declared, {
    layers: v.layers ?? [],
    legendIds: ctx.legendIds,
    legends: ctx.legends,
    formIds: ctx.formIds,
    published: ctx.published,
    layer: (path, id) => {
      if (!layerIds.includes(id)) issues.unknown(doc, path, 'layer', id, layerIds);
    },
    picker: (path, ref) => pickerRef(path, ref),
    source: (path, source) => checkSource(path, source, pickers),
    validations: (path, ids) =>
      ids?.forEach((id, k) => {
        if (!validationIds.includes(id)) issues.unknown(doc, [...path, k], 'validation', id, validationIds);
      }),
  });
}

function declaredPickers(issues: Issues, doc: SourceDocument, at: JsonPath, v: VariantDoc, cascades: readonly CascadeDef[]): { pickers: DeclaredPicker[]; incomplete: boolean } {
  const out: DeclaredPicker[] = [];
  let incomplete = false;
  (v.pickers ?? []).forEach((entry, i) => {
    const path: JsonPath = [...at, 'pickers', i];
    if (!isUse(entry)) {
      out.push({ def: entry, path });
      return;
    }
    const cascade = cascades.find((c) => c.id === entry.use);
    if (!cascade) {
      incomplete = true;
      return issues.unknown(doc, [...path, 'use'], 'cascade', entry.use, cascades.map((c) => c.id));
    }
    const levels = cascade.pickers.map((p) => p.id);
    for (const key of Object.keys(entry.with ?? {})) {
      if (!(cascade.params ?? []).includes(key)) {
        const hint = closestName(key, cascade.params ?? []);
        issues.add(doc, [...path, 'with', key], `cascade "${cascade.id}" has no parameter "${key}"${hint ? ` (did you mean "${hint}"?)` : ''}`, 'key');
      }
    }
    for (const param of cascade.params ?? []) {
      if (entry.with?.[param] === undefined) issues.add(doc, path, `missing value for parameter "${param}" of cascade "${cascade.id}" (add with: { ${param}: ... })`);
    }
    entry.only?.forEach((id, k) => {
      if (!levels.includes(id)) issues.unknown(doc, [...path, 'only', k], `level of cascade "${cascade.id}"`, id, levels);
    });
    for (const key of Object.keys(entry.defaults ?? {})) {
      if (!levels.includes(key)) issues.unknown(doc, [...path, 'defaults', key], `level of cascade "${cascade.id}"`, key, levels);
    }
    for (const p of cascade.pickers) {
      if (!entry.only || entry.only.includes(p.id)) out.push({ def: p, path: [...path, 'use'] });
    }
  });
  return { pickers: out, incomplete };
}

function sourceFields(source: Source): string[] {
  return 'router' in source || 'asset' in source ? [source.fields?.value, source.fields?.label, ...(source.fields?.extra ?? [])].filter((f): f is string => !!f) : [];
}
