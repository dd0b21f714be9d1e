// `note` section (issue 14 item 6): a card of plain Thai text on the page, e.g. the caveats of
// sample data and of what a rate means. Text only: every paragraph is a React text node.
import { sectionSchema, type SectionOf } from '../define.ts';
import type { SectionDefinition } from '../types.ts';

const noteSchema = sectionSchema(
  'note',
  'a card of plain text paragraphs (caveats, how to read the page)',
  {
    title: { type: 'string', minLength: 1 },
    paragraphs: { type: 'array', minItems: 1, items: { type: 'string', minLength: 1 }, description: 'Paragraphs of plain text (no HTML, no markup).' },
  },
  ['title', 'paragraphs'],
);

type NoteSection = SectionOf<typeof noteSchema>;

export const noteDefinition: SectionDefinition<NoteSection> = {
  kind: 'note',
  schema: noteSchema,
  example: { kind: 'note', title: 'ข้อควรทราบ', paragraphs: ['ข้อมูลในหน้านี้เป็นข้อมูลตัวอย่าง'] },
};
