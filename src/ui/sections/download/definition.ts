// `download` section (SPEC.md §3 Download, §7): the shapefile of a toggle row's result, saved as
// erosion.zip or accretion.zip.
import { id } from '../../../layers/schemaParts.ts';
import { sectionSchema, type SectionOf } from '../define.ts';
import type { SectionDefinition } from '../types.ts';

export const downloadSchema = sectionSchema(
  'download',
  "shapefile download of a row's result",
  {
    label: { type: 'string' },
    from: { ...id, description: 'Row id (or layer id) whose feature result is downloaded.' },
    file: { enum: ['erosion.zip', 'accretion.zip'] },
  },
  ['from', 'file'],
);

export type DownloadSection = SectionOf<typeof downloadSchema>;

export const downloadDefinition: SectionDefinition<DownloadSection> = {
  kind: 'download',
  schema: downloadSchema,
  example: { kind: 'download', label: 'ดาวน์โหลดพื้นที่ถูกกัดเซาะ', from: 'erosion', file: 'erosion.zip' },
  crossCheck(s, ctx) {
    ctx.dataLayer(['from'], s.from);
  },
};
