// Drift between the layer registries, the generated schema and SPEC.md §3 (issue 9): the drawers
// cover exactly the defined types, each definition's schema fixes `type` to its key, every example
// passes schemas/layer.schema.json, and the eleven types of SPEC.md §3 Map layer are registered.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { schemaAjv } from '../../../src/loader/schemas.ts';
import { definitionOf, layerDefinitions, layerTypes, typesThat } from '../../../src/layers/definitions.ts';
import { drawerOf, layerDrawers } from '../../../src/layers/drawers.ts';
import { layerSchemaDocument } from '../../../src/layers/schema.ts';
import type { TemplateBase } from '../../../src/layers/types.ts';
import { REPO_ROOT } from '../engine/helpers.ts';

const LAYER_SCHEMA_ID = 'https://tcs.example/schemas/layer.schema.json';
/** SPEC.md §3 Map layer: "type (WMS, WFS, GeoJSON, Circle, CircleMarker, Polygon, Polyline,
 *  Rectangle, Group, coastalradar, CCTV)". */
const SPEC_TYPES = ['WMS', 'WFS', 'GeoJSON', 'Circle', 'CircleMarker', 'Polygon', 'Polyline', 'Rectangle', 'Group', 'coastalradar', 'CCTV'];

describe('layer registries', () => {
  it('layerDrawers has exactly the keys of layerDefinitions', () => {
    expect(Object.keys(layerDrawers).sort()).toEqual(Object.keys(layerDefinitions).sort());
    for (const type of layerTypes) expect(drawerOf(type), type).toBe(layerDrawers[type]);
    expect(drawerOf('radarx')).toBeUndefined();
  });

  it('each definition\'s `type` and its schema\'s properties.type.const equal its key', () => {
    for (const [key, def] of Object.entries(layerDefinitions)) {
      const schemaConst = (def.schema as { properties?: { type?: { const?: unknown } } }).properties?.type?.const;
      expect({ key, type: def.type, schemaConst }).toEqual({ key, type: key, schemaConst: key });
      expect(definitionOf(key)).toBe(def);
    }
    expect(() => definitionOf('radarx')).toThrow(`unknown layer type "radarx"; known: ${layerTypes.join(', ')}`);
  });

  // Code outside a module asks it (tests/unit/architecture/moduleNames.test.ts); which types say yes.
  it('capabilities: the types that declare each, the others at the default', () => {
    expect(typesThat((d) => d.drawsChildren)).toEqual(['group']);
    expect(typesThat((d) => d.compareSide)).toEqual(['wms', 'wfs', 'geojson']);
    expect(typesThat((d) => d.featureInfo === 'wms')).toEqual(['wms']);
    expect(typesThat((d) => !!d.timelineYears)).toEqual(['yearlines']);
    expect(typesThat((d) => !!d.viewBounds)).toEqual(['routerpoints']);
    expect(definitionOf('wms').legendGraphicUrl?.({ url: '/tcs/wms', options: { layers: 'tcs:a' } })).toBe('/tcs/wms?SERVICE=WMS&VERSION=1.1.1&REQUEST=GetLegendGraphic&FORMAT=image%2Fpng&LAYER=tcs%3Aa');
    expect(typesThat((d) => !!d.legendGraphicUrl)).toEqual(['wms']);
    expect(layerTypes.filter((t) => drawerOf(t)?.timeline)).toEqual(['yearlines']);
    expect(layerTypes.filter((t) => drawerOf(t)?.trend)).toEqual(['routerpoints']);
    expect(layerTypes.filter((t) => drawerOf(t)?.icon)).toEqual(['coastalradar', 'cctv']);
  });

  it('SPEC.md §3 Map layer: the eleven types are all registered (lower-cased), with routerpoints (issue 14) and yearlines (issue 25)', () => {
    expect(SPEC_TYPES).toHaveLength(11);
    expect([...layerTypes].sort()).toEqual([...SPEC_TYPES.map((t) => t.toLowerCase()), 'routerpoints', 'yearlines'].sort());
  });
});

describe('schemas/layer.schema.json', () => {
  const validate = schemaAjv().getSchema(LAYER_SCHEMA_ID);

  it('is the document generated from the registry (one branch per type, in registry order)', () => {
    const committed = JSON.parse(readFileSync(path.join(REPO_ROOT, 'schemas/layer.schema.json'), 'utf8')) as { oneOf: Array<{ properties: { type: { const: string } } }> };
    expect(committed).toEqual(JSON.parse(JSON.stringify(layerSchemaDocument())));
    expect(committed.oneOf.map((b) => b.properties.type.const)).toEqual(layerTypes);
  });

  it('every definition\'s example passes ajv against it', () => {
    expect(validate).toBeDefined();
    for (const [key, def] of Object.entries(layerDefinitions)) {
      const ok = validate!(structuredClone(def.example));
      expect({ key, ok, errors: ok ? null : validate!.errors }).toEqual({ key, ok: true, errors: null });
      expect(def.example.type).toBe(key);
    }
  });

  it('refuses an unknown type, and a key the type does not read', () => {
    expect(validate!({ id: 'x', type: 'radarx', name: 'x' })).toBe(false);
    expect(validate!({ id: 'x', type: 'wms', name: 'x', layers: 'a:b', asset: 'cctv.json' })).toBe(false);
    expect(validate!.errors?.some((e) => e.keyword === 'additionalProperties' && (e.params as { additionalProperty?: string }).additionalProperty === 'asset')).toBe(true);
  });

  it('every definition\'s example passes its own crossCheck (a group example with a child)', () => {
    for (const [key, def] of Object.entries(layerDefinitions)) {
      const example = def.example as TemplateBase;
      const child: TemplateBase = { id: 'child', type: 'polygon', name: 'c', group: example.id, coordinates: [[0, 0], [1, 0], [1, 1]] };
      const problems = definitionOf(key).crossCheck?.(example, { pickerIds: ['province', 'district', 'subdistrict', 'start', 'end'], layers: [example, child] }) ?? [];
      expect({ key, problems }).toEqual({ key, problems: [] });
    }
  });
});
