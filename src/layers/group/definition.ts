// Group layer type (SPEC.md §3, §4): draws nothing itself; the layers naming it in `group` render
// inside it (at its place in the order, shown and hidden with it) and only the group appears in
// the layer list. Showing a group shows its children; removing it removes them.
import type { LayerDefinition } from '../types.ts';
import { layerSchema, type TemplateOf } from '../define.ts';
import { baseInstance } from '../request.ts';

const groupSchema = layerSchema('group', 'a named group; layers naming it in `group` render inside it and only the group is listed', {}, [], []);

export type GroupTemplate = TemplateOf<typeof groupSchema>;

export const groupDefinition: LayerDefinition<GroupTemplate> = {
  type: 'group',
  schema: groupSchema,
  example: { id: 'potential', type: 'group', name: 'พื้นที่ศักยภาพ' },
  offersData: false,
  drawsChildren: true,
  featureInfo: 'none',
  instantiate: (t, ctx) => ({ ...baseInstance(t, ctx), options: {} }),
  crossCheck(t, ctx) {
    return ctx.layers.some((l) => l.group === t.id) ? [] : [{ path: ['id'], message: `group "${t.id}" has no layer naming it in group: it would draw nothing` }];
  },
};
