// `download` section (SPEC.md §3 Download, §7): the shapefile of a toggle row's result, saved as
// erosion.zip or accretion.zip; or (issue 14) a router page's own download of the row's request
// (`router`: the same area and period parameters, e.g. transects as CSV or shape-zip, or the
// area's atlas PDF, issue 26), named after the area kind it downloads (`labelBy`) and waiting, with
// a hint, for a request parameter the page needs (`needs`).
import { id } from '../../layers/schemaParts.ts';
import { sectionSchema, type SectionOf } from '../define.ts';
import type { SectionDefinition } from '../types.ts';

const downloadSchema = sectionSchema(
  'download',
  "shapefile download of a row's result",
  {
    label: { type: 'string' },
    from: { ...id, description: 'Row id (or layer id) whose feature result is downloaded.' },
    file: { enum: ['erosion.zip', 'accretion.zip', 'transects.csv', 'transects.zip', 'atlas.pdf'] },
    router: {
      type: 'object',
      required: ['page', 'mode', 'outputFormat'],
      additionalProperties: false,
      properties: {
        page: { type: 'string', pattern: '^[a-zA-Z][a-zA-Z0-9_-]*$' },
        mode: { type: 'string', pattern: '^[a-zA-Z][a-zA-Z0-9_-]*$' },
        outputFormat: { enum: ['csv', 'shape-zip', 'pdf'] },
      },
      description: "Ask this router page for the file with the row's request parameters (a routerpoints row), instead of the shape-zip download of its features.",
    },
    labelBy: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        required: ['param', 'label'],
        additionalProperties: false,
        properties: { param: { type: 'string', minLength: 1 }, label: { type: 'string', minLength: 1 } },
      },
      description: "The button's label while the row's request has this parameter (the first that it has wins; else `label`): the area kind a router download is for, e.g. ap -> 'ดาวน์โหลดรายงานอำเภอ'.",
    },
    needs: {
      type: 'object',
      required: ['params', 'hint'],
      additionalProperties: false,
      properties: {
        params: { type: 'array', minItems: 1, items: { type: 'string', minLength: 1 } },
        hint: { type: 'string', minLength: 1 },
      },
      description: "Request parameters the router page needs (e.g. code_b_s, a beach system): the button stays disabled, with `hint` under it, until the row's request has them all.",
    },
  },
  ['from', 'file'],
);

export type DownloadSection = SectionOf<typeof downloadSchema>;

export const downloadDefinition: SectionDefinition<DownloadSection> = {
  kind: 'download',
  schema: downloadSchema,
  example: { kind: 'download', label: 'ดาวน์โหลดพื้นที่กัดเซาะ', from: 'erosion', file: 'erosion.zip' },
  crossCheck(s, ctx) {
    ctx.dataLayer(['from'], s.from);
    const routerFile = s.file.startsWith('transects.') || s.file === 'atlas.pdf';
    if (!s.router && (s.labelBy || s.needs)) ctx.add([s.labelBy ? 'labelBy' : 'needs'], 'labelBy and needs read the request parameters of a router download: give router too');
    if (routerFile !== !!s.router) ctx.add([s.router ? 'router' : 'file'], routerFile ? `${s.file} needs router: {page, mode, outputFormat}` : `${s.file} is the feature download; router files are transects.csv, transects.zip or atlas.pdf`);
  },
};
