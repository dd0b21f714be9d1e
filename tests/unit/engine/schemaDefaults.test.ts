// Issue 28 item 1: a default is written once, in its schema. Config gets it from the loader's ajv
// (useDefaults); an object the code builds itself gets it from withDefaults over the same schema,
// and the types say a defaulted property is always there.
import { describe, expect, expectTypeOf, it } from 'vitest';
import { chartSpec, type ChartSpec } from '../../../src/engine/charts/spec.ts';
import { withDefaults } from '../../../src/engine/schemaDefaults.ts';
import type { CompareDoc, TopicDoc } from '../../../src/engine/types.ts';
import type { CatalogDoc } from '../../../src/engine/catalog.ts';
import { schemaAjv } from '../../../src/loader/schemas.ts';

describe('schema defaults, applied once', () => {
  it('a built chart gets the schema defaults, nested ones too, and keeps what it sets', () => {
    const built = chartSpec({ id: 'c', title: 'T', from: 'r', value: { unit: 'sqm' }, groupBy: [{ fields: ['f'], label: 'F' }], mark: 'line' });
    expect(built).toEqual({
      id: 'c', title: 'T', from: 'r', mark: 'line', barLabel: 'withParent', table: true,
      value: { unit: 'sqm', field: 'area', aggregate: 'sum', missing: 'skip' },
      groupBy: [{ fields: ['f'], label: 'F' }],
    });
  });

  it('withDefaults gives what the loader\'s ajv gives the same written object', () => {
    const written = { kind: 'chart', id: 'c', title: 'T', from: 'r', value: { unit: 'm', aggregate: 'mean' }, groupBy: [{ fields: ['f'], label: 'F' }] };
    const validated = structuredClone(written);
    expect(schemaAjv().getSchema('https://tcs.example/schemas/section.schema.json')?.(validated)).toBe(true);
    const { kind: _kind, ...chart } = validated;
    const { kind: _k, ...input } = written;
    expect(chartSpec(input as Parameters<typeof chartSpec>[0])).toEqual(chart);
  });

  it('leaves arrays of scalars, nulls and set values alone', () => {
    const schema = { properties: { a: { default: 1 }, list: { items: { properties: { b: { default: 'x' } } } }, n: { default: 2 } } };
    expect(withDefaults(schema, { list: [{}, { b: 'y' }], n: 0 })).toEqual({ a: 1, list: [{ b: 'x' }, { b: 'y' }], n: 0 });
    expect(withDefaults(schema, null)).toBeNull();
  });

  it('the generated config types say a defaulted property is always there', () => {
    expectTypeOf<TopicDoc['layout']>().toEqualTypeOf<'map' | 'project'>();
    expectTypeOf<CompareDoc['satellite']>().toEqualTypeOf<boolean>();
    expectTypeOf<ChartSpec['mark']>().toEqualTypeOf<'bar' | 'stackedBar' | 'line'>();
    expectTypeOf<Extract<CatalogDoc['layers'][number], { table: string }>['queryable']>().toEqualTypeOf<boolean>();
  });
});
