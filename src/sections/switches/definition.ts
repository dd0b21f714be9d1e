// `switches` section (SPEC.md §2, §3 CVI; the dashboard's report list): groups of switches; the
// section id is a template variable holding the chosen value(s).
import { id } from '../../layers/schemaParts.ts';
import { sectionSchema, type SectionOf } from '../define.ts';
import type { SectionDefinition } from '../types.ts';
import { isSwitchesRow } from './rowIds.ts';

const switchesSchema = sectionSchema(
  'switches',
  'groups of switches (CVI layers, dashboard report list)',
  {
    id: { ...id, description: 'Also the {<id>} template variable (the value) and {<id>-label} (the Thai label) of the layers this section adds.' },
    title: { type: 'string' },
    inert: { type: 'boolean', description: 'Shown, always off, changes nothing (dashboard report list).' },
    groups: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        required: ['title', 'items'],
        additionalProperties: false,
        properties: {
          title: { type: 'string' },
          items: {
            type: 'array',
            minItems: 1,
            items: {
              type: 'object',
              required: ['value', 'label'],
              additionalProperties: false,
              properties: {
                value: { type: 'string', pattern: '^[a-z0-9_-]+$', description: 'Bound to the {<section id>} template variable.' },
                label: { type: 'string' },
                layer: { ...id, description: 'A layer this switch adds when on and removes when off.' },
              },
            },
          },
        },
      },
    },
    action: {
      type: 'object',
      required: ['label', 'layer'],
      additionalProperties: false,
      description: "A button that adds a layer built from the selected values (CVI Process: cvi_ + values joined by '_').",
      properties: { label: { type: 'string' }, layer: id },
    },
  },
  ['id', 'groups'],
);

type SwitchesSection = SectionOf<typeof switchesSchema>;

export const switchesDefinition: SectionDefinition<SwitchesSection> = {
  kind: 'switches',
  schema: switchesSchema,
  example: {
    kind: 'switches',
    id: 'cvi',
    groups: [{ title: 'ปัจจัยทางกายภาพ', items: [{ value: '1', label: 'ธรณีสัณฐาน' }] }],
    action: { label: 'CVI Process', layer: 'cvi' },
  },
  declares: (s) => ({ variables: [s.id, `${s.id}-label`] }),
  ownsRow: (s, rowId) => !s.inert && isSwitchesRow(s, rowId),
  crossCheck(s, ctx) {
    if (s.action) ctx.layer(['action', 'layer'], s.action.layer);
    s.groups.forEach((g, gi) =>
      g.items.forEach((item, ii) => {
        if (item.layer) ctx.layer(['groups', gi, 'items', ii, 'layer'], item.layer);
      }),
    );
  },
};
