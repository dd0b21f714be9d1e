// `files` section (/project, SPEC.md §2): groups of downloadable files and a link (to the form).
import { sectionSchema, type SectionOf } from '../define.ts';
import { url } from '../schemaParts.ts';
import type { SectionDefinition } from '../types.ts';

const filesSchema = sectionSchema(
  'files',
  'downloadable files (project page)',
  {
    groups: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        required: ['title', 'files'],
        additionalProperties: false,
        properties: {
          title: { type: 'string' },
          files: {
            type: 'array',
            minItems: 1,
            items: {
              type: 'object',
              required: ['label', 'href', 'format'],
              additionalProperties: false,
              properties: { label: { type: 'string' }, href: url, format: { enum: ['docx', 'pdf'] } },
            },
          },
        },
      },
    },
    link: {
      type: 'object',
      required: ['label', 'to'],
      additionalProperties: false,
      properties: { label: { type: 'string' }, to: { type: 'string', pattern: '^/[a-z0-9/-]*$' } },
    },
  },
  ['groups'],
);

export type FilesSection = SectionOf<typeof filesSchema>;

export const filesDefinition: SectionDefinition<FilesSection> = {
  kind: 'files',
  schema: filesSchema,
  example: {
    kind: 'files',
    groups: [{ title: 'แบบเสนอโครงการ', files: [{ label: 'แบบฟอร์ม', href: '/maps/files/form.pdf', format: 'pdf' }] }],
    link: { label: 'กรอกแบบฟอร์มออนไลน์', to: '/project/form' },
  },
};
