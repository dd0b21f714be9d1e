// Section definitions (src/sections/<kind>/definition.ts): what each declares to its variant
// and what its cross-check asks, at paths relative to the section.
import { describe, expect, it } from 'vitest';
import { isSection, sectionDefinitionOf, sectionDefinitions } from '../../../src/sections/definitions.ts';
import type { SectionBase } from '../../../src/engine/types.ts';
import { withDefaults } from '../../../src/engine/schemaDefaults.ts';
import type { Path, SectionCheckContext } from '../../../src/sections/types.ts';

/** A context that records every question the check asks. */
function recorder(): { calls: Array<[string, Path, unknown]>; ctx: SectionCheckContext } {
  const calls: Array<[string, Path, unknown]> = [];
  const rec = (name: string) => (path: Path, value: unknown) => void calls.push([name, path, value]);
  return {
    calls,
    ctx: {
      layer: rec('layer'),
      dataLayer: rec('dataLayer'),
      dataFields: () => undefined, // judged against the layer catalog: tests/unit/engine/admin-mistakes.test.ts
      legend: rec('legend'),
      legendItem: (path, legendId, code) => void calls.push(['legendItem', path, [legendId, code]]),
      picker: rec('picker'),
      validations: rec('validations'),
      source: rec('source'),
      form: rec('form'),
      add: rec('add'),
    },
  };
}

/** The questions a section's cross-check asks of it, as the loader gives it (schema defaults filled). */
function check(written: SectionBase) {
  const { calls, ctx } = recorder();
  const definition = sectionDefinitionOf(written);
  definition.crossCheck?.(withDefaults<SectionBase>(definition.schema, written), ctx);
  return calls;
}

describe('section declarations', () => {
  it('rows declare their ids and layers; charts their ids; switches their variable; yearLayers {year} for its layer', () => {
    const declared = (s: SectionBase) => sectionDefinitionOf(s).declares?.(s);
    expect(declared({ kind: 'rows', rows: [{ id: 'a', label: 'A', layer: 'la' }, { id: 'b', label: 'B', layer: 'lb' }] })?.rows).toEqual([
      { id: 'a', layer: 'la', path: ['rows', 0, 'id'] },
      { id: 'b', layer: 'lb', path: ['rows', 1, 'id'] },
    ]);
    expect(declared({ kind: 'chart', id: 'c', title: 'C', from: 'a', value: { unit: 'sqm' }, groupBy: [{ fields: ['f'], label: 'F' }] })?.charts).toEqual([{ id: 'c', path: ['id'] }]);
    expect(declared({ kind: 'switches', id: 'cvi', groups: [] })?.variables).toEqual(['cvi', 'cvi-label']);
    expect(declared({ kind: 'yearLayers', title: 'T', layer: 'coastline', years: { list: 'years' } })?.layerVariables).toEqual({ coastline: ['year'] });
    expect(declared({ kind: 'legend', legend: 'x' })?.legends).toEqual(['x']);
    expect(declared({ kind: 'yearLayers', title: 'T', layer: 'coastline', years: { options: [2562, 2567] } })?.layerOptions).toEqual([
      { layer: 'coastline', variable: 'year', values: [2562, 2567], path: ['years', 'options'] },
    ]);
  });

  // URL restore (issue 11) asks each section which row ids it shows (restorePlan.ts).
  it('each kind that shows rows owns their ids', () => {
    const owns = (s: SectionBase, id: string) => sectionDefinitionOf(s).ownsRow?.(s, id) === true;
    const rows = { kind: 'rows', rows: [{ id: 'a', label: 'A', layer: 'la' }] };
    expect([owns(rows, 'a'), owns(rows, 'la')]).toEqual([true, false]);
    expect(owns({ kind: 'addLayer', label: 'L', layer: 'lake' }, 'lake')).toBe(true);
    const listed = { kind: 'yearLayers', title: 'T', layer: 'coastline', years: { options: [2562, { value: '2567', label: '2567' }] } };
    expect([owns(listed, 'coastline-2562'), owns(listed, 'coastline-2567'), owns(listed, 'coastline-2563')]).toEqual([true, true, false]);
    const fromList = { kind: 'yearLayers', title: 'T', layer: 'coastline', years: { list: 'years' } };
    expect([owns(fromList, 'coastline-2563'), owns(fromList, 'coastline-2563;x')]).toEqual([true, false]);
    const switches = { kind: 'switches', id: 's', groups: [{ items: [{ value: 'high', label: 'H', layer: 'l' }] }] };
    expect([owns(switches, 's-1-high'), owns({ ...switches, inert: true }, 's-1-high')]).toEqual([true, false]);
    expect(owns({ kind: 'legend', legend: 'x' }, 'x')).toBe(false);
  });

  it('a chart section is its chart spec; a totals section is not one', () => {
    const chart = { kind: 'chart', id: 'c', title: 'C', from: 'a', value: { unit: 'sqm' }, groupBy: [{ fields: ['f'], label: 'F' }] };
    expect(sectionDefinitionOf(chart).chartSpec?.(chart)).toBe(chart);
    const totals = { kind: 'totals', id: 't', title: 'T', layer: 'l', value: { unit: 'rai' }, groupBy: [{ fields: ['f'], label: 'F' }] };
    expect(sectionDefinitionOf(totals).chartSpec).toBeUndefined();
  });
});

describe('section cross-checks', () => {
  it('charts and downloads ask for a layer that offers data', () => {
    expect(check({ kind: 'chart', id: 'c', title: 'C', from: 'erosion', value: { unit: 'sqm' }, groupBy: [{ fields: ['f'], label: 'F' }] })).toEqual([['dataLayer', ['from'], 'erosion']]);
    expect(check({ kind: 'download', from: 'erosion', file: 'erosion.zip' })).toEqual([['dataLayer', ['from'], 'erosion']]);
  });

  it('a chart checks its legends and item, that stackedBar has a stack and bar none, and its `when` patterns', () => {
    const chart = { kind: 'chart', id: 'c', title: 'C', from: 'erosion', value: { unit: 'sqm' }, groupBy: [{ fields: ['f'], label: 'F' }] };
    expect(check({ ...chart, legend: 'erosion-accretion', legendItem: 'erosion' })).toEqual([
      ['dataLayer', ['from'], 'erosion'],
      ['legend', ['legend'], 'erosion-accretion'],
      ['legendItem', ['legendItem'], ['erosion-accretion', 'erosion']],
    ]);
    expect(check({ ...chart, legendItem: 'erosion', mark: 'stackedBar' }).slice(1)).toEqual([
      ['add', ['legendItem'], 'legendItem needs a legend'],
      ['add', ['mark'], 'a stackedBar chart needs stack: {field, legend}'],
    ]);
    expect(check({ ...chart, stack: { field: 'coastal_s', legend: 'coastal-status' } }).slice(1)).toEqual([
      ['legend', ['stack', 'legend'], 'coastal-status'],
      ['add', ['stack'], "stack is for mark 'stackedBar' or 'line'"],
    ]);
    const when = (notMatching: string) => ({ ...chart, groupBy: [{ fields: ['f'], label: 'F', when: { viewparam: 'code', notMatching } }] });
    expect(check(when('^\\d{2}$')).slice(1)).toEqual([]);
    expect(check(when('^(\\d{2}$')).slice(1)).toEqual([['add', ['groupBy', 0, 'when', 'notMatching'], 'not a regular expression: Invalid regular expression: /^(\\d{2}$/: Unterminated group']]);
  });

  it('yearLayers checks its layer, years source, picker and validations', () => {
    expect(check({ kind: 'yearLayers', title: 'T', layer: 'l', years: { list: 'years' }, picker: 'year', validate: ['v'] })).toEqual([
      ['layer', ['layer'], 'l'],
      ['source', ['years'], { list: 'years' }],
      ['picker', ['picker'], 'year'],
      ['validations', ['validate'], ['v']],
    ]);
  });

  it('switches check the action layer and each item layer; rows each row', () => {
    expect(check({ kind: 'switches', id: 's', groups: [{ title: 'G', items: [{ value: 'a', label: 'A' }, { value: 'b', label: 'B', layer: 'lb' }] }], action: { label: 'Go', layer: 'la' } })).toEqual([
      ['layer', ['action', 'layer'], 'la'],
      ['layer', ['groups', 0, 'items', 1, 'layer'], 'lb'],
    ]);
    expect(check({ kind: 'rows', rows: [{ id: 'a', label: 'A', layer: 'la', validate: ['v'] }] })).toEqual([
      ['layer', ['rows', 0, 'layer'], 'la'],
      ['validations', ['rows', 0, 'validate'], ['v']],
    ]);
  });

  it('legend, form and addLayer check their references; places and files have nothing to check', () => {
    expect(check({ kind: 'legend', legend: 'cvi' })).toEqual([['legend', ['legend'], 'cvi']]);
    expect(check({ kind: 'form', form: 'proposal' })).toEqual([['form', ['form'], 'proposal']]);
    expect(check({ kind: 'addLayer', label: 'Add', layer: 'l' })).toEqual([['layer', ['layer'], 'l'], ['validations', ['validate'], undefined]]);
    expect(sectionDefinitions.places.crossCheck).toBeUndefined();
    expect(sectionDefinitions.files.crossCheck).toBeUndefined();
  });

  it('featureList needs its shown fields and the point among the source fields', () => {
    const source = { asset: 'cctv.json', fields: { value: 'CODE', label: 'CODE', extra: ['SITE', 'point'] } };
    expect(check({ kind: 'featureList', source, label: 'CODE', detail: 'SITE' })).toEqual([['source', ['source'], source]]);
    expect(check({ kind: 'featureList', source: { asset: 'cctv.json' }, label: 'CODE', detail: 'name' }).map(([name, path]) => [name, path])).toEqual([
      ['source', ['source']],
      ['add', ['label']],
      ['add', ['source']],
    ]);
    expect(check({ kind: 'featureList', source: { list: 'cameras' }, label: 'CODE' })).toEqual([['source', ['source'], { list: 'cameras' }]]);
  });

  it('isSection narrows by kind', () => {
    const s: SectionBase = { kind: 'legend', legend: 'cvi' };
    expect(isSection(s, 'legend') && s.legend).toBe('cvi');
    expect(isSection(s, 'rows')).toBe(false);
  });
});
