// The schemas are generated from the module registries (issue 9): the committed files equal what
// `npm run build:schemas` writes, every registry key is its definition's `type`/`kind`, every
// example validates, and the TypeScript section types are the ones the definitions infer.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { generatedFiles, REPO_ROOT } from '../../../scripts/lib/generatedFiles.ts';
import { schemaAjv, validatorFor } from '../../../src/loader/schemas.ts';
import type { ResolvedVariant, SectionBase } from '../../../src/engine/types.ts';
import { commonSchema } from '../../../src/engine/generated/common.ts';
import { layerDefinitions } from '../../../src/layers/definitions.ts';
import * as layerParts from '../../../src/layers/schemaParts.ts';
import { sectionDefinitions, type Section, type SectionFor, type SectionKind } from '../../../src/sections/definitions.ts';
import type { LegendSection } from '../../../src/sections/legend/definition.ts';
import * as sectionParts from '../../../src/sections/schemaParts.ts';

const BASE = 'https://tcs.example/schemas/';
const registries = [
  { schema: 'layer', tag: 'type', definitions: layerDefinitions as Record<string, { type?: string; kind?: string; schema: object; example: object }> },
  { schema: 'section', tag: 'kind', definitions: sectionDefinitions as Record<string, { type?: string; kind?: string; schema: object; example: object }> },
] as const;

describe('generated schemas (npm run build:schemas)', () => {
  it.each(Object.entries(generatedFiles()))('%s is up to date', (file, text) => {
    const committed = readFileSync(path.join(REPO_ROOT, file), 'utf8');
    expect(committed === text, `${file} differs from what its source (a module registry or its schema) generates: run npm run build:schemas`).toBe(true);
  });

  it.each(registries)('every $schema registry key is its definition\'s $tag, fixed in its schema branch', ({ tag, definitions }) => {
    for (const [key, def] of Object.entries(definitions)) {
      const props = (def.schema as { properties?: Record<string, { const?: unknown }> }).properties;
      expect({ key, tag: def[tag], schemaConst: props?.[tag]?.const }).toEqual({ key, tag: key, schemaConst: key });
    }
  });

  it.each(registries)('every $schema branch has an example the generated schema accepts', ({ schema, definitions }) => {
    const validate = schemaAjv().getSchema(`${BASE}${schema}.schema.json`);
    expect(validate).toBeDefined();
    for (const [key, def] of Object.entries(definitions)) {
      const ok = validate?.(structuredClone(def.example));
      expect({ key, ok, errors: ok ? null : validate?.errors }).toEqual({ key, ok: true, errors: null });
    }
  });

  it('the schema parts shared with every config kind are common.schema.json $defs (its generated module), not copies', () => {
    for (const name of ['id', 'color', 'template', 'pickerRef', 'lonLat'] as const) expect(layerParts[name], name).toBe(commonSchema.$defs[name]);
    for (const name of ['url', 'routerQuery', 'source'] as const) expect(sectionParts[name], name).toBe(commonSchema.$defs[name]);
    const common = JSON.parse(readFileSync(path.join(REPO_ROOT, 'schemas/common.schema.json'), 'utf8')) as { $defs: Record<string, unknown> };
    expect(commonSchema.$defs.id).toEqual(common.$defs.id);
  });
});

describe('the loader\'s ajv (issue 28): strict, and the schema defaults land in the config', () => {
  it('strict mode: a schema keyword ajv would ignore is refused when compiled', () => {
    expect(() => schemaAjv().compile({ type: 'object', properties: { a: { type: 'string', minimun: 1 } } })).toThrow(/strict mode: unknown keyword: "minimun"/);
  });

  it('a topic whose circlemarker layer has no radius gets the schema default 10 (the code repeats no default)', () => {
    const topic = {
      route: 'gps', title: { th: 'จุด' },
      variants: [{ path: '', layers: [{ id: 'p', type: 'circlemarker', name: 'จุด', center: [100.5, 13.7] }], pickers: [{ use: 'location' }] }],
    };
    expect(validatorFor('topic')(topic)).toBe(true);
    expect(topic.variants[0]!.layers[0]).toMatchObject({ radius: 10 });
    // a `use:` entry is not a picker: the picker's defaults (kind: select) stay out of it
    expect(topic.variants[0]!.pickers[0]).toEqual({ use: 'location' });
  });
});

describe('section types come from the definitions', () => {
  it('Section is the union of the kinds\' inferred types; the engine holds only their common base', () => {
    expectTypeOf<Section['kind']>().toEqualTypeOf<SectionKind>();
    expectTypeOf<SectionFor<'legend'>>().toEqualTypeOf<LegendSection>();
    expectTypeOf<Section>().toMatchTypeOf<SectionBase>();
    expectTypeOf<ResolvedVariant['sections'][number]>().toEqualTypeOf<SectionBase>();
    const engineTypes = readFileSync(path.join(REPO_ROOT, 'src/engine/types.ts'), 'utf8');
    expect(engineTypes).not.toMatch(/kind: '(legend|rows|charts|download)'/);
    expect(Object.keys(sectionDefinitions).sort()).toEqual([...new Set(Object.values(sectionDefinitions).map((d) => d.kind))].sort());
  });
});
