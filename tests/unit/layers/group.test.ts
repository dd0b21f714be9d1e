// The group layer module (SPEC.md §3 groupId, §4 "groups render children by groupId"): a group
// draws nothing itself; showing it adds the templates naming it in `group` with groupId = the
// group's id; only the group is listed; the draw order puts its children at its place and hides
// them with it; removing it removes them; check:config refuses a group no layer names.
import { beforeEach, describe, expect, it } from 'vitest';
import { groupDefinition, type GroupTemplate } from '../../../src/layers/group/definition.ts';
import type { TemplateBase } from '../../../src/layers/types.ts';
import { layerStore, listedLayers, removeLayer, toggleLayer, upsertLayer } from '../../../src/map/layerStore.ts';
import { drawOrder } from '../../../src/map/layers/order.ts';
import { showLayer, type ActionContext } from '../../../src/ui/topic/actions/layerActions.ts';
import { realBundle, recorder, variantOf } from '../actions/helpers.ts';
import { ictx, testApp as app } from './helpers.ts';

const group: GroupTemplate = { id: 'potential', type: 'group', name: 'พื้นที่ศักยภาพ' };
const children: TemplateBase[] = [
  { id: 'high', type: 'polygon', name: 'ศักยภาพสูง', group: 'potential', coordinates: [[100.5, 13.5], [100.7, 13.5], [100.6, 13.7]], color: '#1A9850' },
  { id: 'site', type: 'circle', name: 'จุดโครงการ', group: 'potential', center: [100.6, 13.6] },
  { id: 'tiles', type: 'wms', name: 'ศักยภาพ (WMS)', group: 'potential', layers: '{product}:potential_high' },
];
const alone: TemplateBase = { id: 'alone', type: 'polyline', name: 'แนวสำรวจ', coordinates: [[100.5, 13.5], [100.6, 13.6]] };

describe('group crossCheck', () => {
  it('refuses a group no layer names in `group`; accepts one with children', () => {
    expect(groupDefinition.crossCheck!(group, { pickerIds: [], layers: [group, alone] })).toEqual([
      { path: ['id'], message: 'group "potential" has no layer naming it in group: it would draw nothing' },
    ]);
    expect(groupDefinition.crossCheck!(group, { pickerIds: [], layers: [group, ...children] })).toEqual([]);
  });

  it('instantiates with the common fields only and draws nothing itself', () => {
    expect(groupDefinition.instantiate(group, ictx(app))).toEqual({ id: 'potential', name: 'พื้นที่ศักยภาพ', type: 'group', options: {} });
    expect(groupDefinition.features).toBeUndefined();
    expect(groupDefinition.load).toBeUndefined();
  });
});

describe('showLayer of a group', async () => {
  const bundle = await realBundle();
  const base = variantOf(bundle, 'potentialarea', '');
  const ctx: ActionContext = { app: bundle.app, variant: { ...base, layers: [group, ...children, alone] }, values: {}, route: 'potentialarea', pageKey: 'potentialarea/' };
  const deps = () => ({ ...recorder().deps, upsert: upsertLayer, remove: removeLayer });
  const ids = (layers: ReadonlyArray<{ id: string }>) => layers.map((l) => l.id);

  beforeEach(() => layerStore.set({ layers: [] }));

  it('adds the children with groupId = the group; only the group is listed', async () => {
    const out = await showLayer(group, ctx, { deps: deps() });
    expect(out).toEqual({ layerId: 'potential', featureCount: null });
    const layers = layerStore.get().layers;
    expect(ids(layers).sort()).toEqual(['high', 'potential', 'site', 'tiles']);
    expect(layers.filter((l) => l.id !== 'potential').every((l) => l.groupId === 'potential')).toBe(true);
    expect(layers.find((l) => l.id === 'potential')?.groupId).toBeUndefined();
    expect(layers.find((l) => l.id === 'high')?.geoJson?.features).toHaveLength(1);
    expect(layers.find((l) => l.id === 'tiles')?.options?.layers).toBe('tcs:potential_high');
    expect(ids(listedLayers(layers))).toEqual(['potential']);
  });

  it('drawOrder puts the children at the group’s place and hides them with it; removing the group removes them', async () => {
    await showLayer(alone, ctx, { deps: deps() }); // below the group
    await showLayer(group, ctx, { deps: deps() });
    const layers = () => layerStore.get().layers;
    expect(ids(listedLayers(layers()))).toEqual(['potential', 'alone']);
    const order = ids(drawOrder(layers()));
    expect(order).toHaveLength(4);
    expect(order.at(-1)).toBe('alone');
    expect(order.slice(0, 3).sort()).toEqual(['high', 'site', 'tiles']);
    expect(order).not.toContain('potential');

    toggleLayer('potential');
    expect(ids(drawOrder(layers()))).toEqual(['alone']);
    toggleLayer('potential');
    expect(ids(drawOrder(layers()))).toHaveLength(4);

    removeLayer('potential');
    expect(ids(layers())).toEqual(['alone']);
  });
});
