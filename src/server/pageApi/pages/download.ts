// page=download&mode=changecoastline&outputFormat=shape-zip (SPEC.md §7): the erosion or
// accretion polygons of a change-area layer (typeName + viewparams) as a shape-zip with a UTF-8
// .dbf, .cpg and .prj. The file is erosion.zip or accretion.zip, chosen from the layer kind:
// no request text ever reaches Content-Disposition. format_options may only repeat that name
// and charset UTF-8 (what the client sends). erosion.txt in the zip says what the fields mean.
import type { VectorFeatureType } from '../../data/featureTypes.ts';
import { writeShapeZip, type DbfFieldSpec } from '../../shapefile/index.ts';
import { pageModes, sendAttachment, type RouterContext } from '../context.ts';
import { layerViewparams, queryFeatures, resolveLayer } from '../features.ts';
import { bad } from '../params.ts';
import { datasetLine, downloadReadme } from '../downloadReadme.ts';

/** More than any one province's areas over a year pair; a bigger ask is refused (413). */
const MAX_FEATURES = 50_000;

const FILES = {
  erosion: { base: 'erosion', file: 'erosion.zip', en: 'Erosion' },
  accretion: { base: 'accretion', file: 'accretion.zip', en: 'Accretion' },
} as const;

function kindOf(ft: VectorFeatureType): keyof typeof FILES {
  if (ft.table !== 'change_area') throw bad(`typeName: ${ft.name} cannot be downloaded (erosion and accretion layers only)`);
  if (/(^|_)erosion_/.test(ft.name)) return 'erosion';
  if (/(^|_)accretion_/.test(ft.name)) return 'accretion';
  throw bad(`typeName: ${ft.name} cannot be downloaded`);
}

/** format_options 'filename:erosion.zip;charset:UTF-8' (either part optional), checked, never echoed. */
function checkFormatOptions(raw: string | undefined, file: string): void {
  if (raw === undefined) return;
  for (const part of raw.split(';')) {
    if (part === '') continue;
    const i = part.indexOf(':');
    const key = (i < 0 ? part : part.slice(0, i)).trim().toLowerCase();
    const value = i < 0 ? '' : part.slice(i + 1).trim();
    if (key === 'filename') {
      if (value !== file) throw bad(`format_options: the file name of this layer is ${file}`);
    } else if (key === 'charset') {
      if (value.toUpperCase() !== 'UTF-8') throw bad('format_options: charset must be UTF-8');
    } else {
      throw bad('format_options: only filename and charset are accepted');
    }
  }
}

function dbfFields(ft: VectorFeatureType): DbfFieldSpec[] {
  return ft.attributes.map((a) => ({ name: a.name, type: a.type === 'int' || a.type === 'double' ? 'N' : 'C' }));
}

async function download(ctx: RouterContext): Promise<void> {
  const format = ctx.params.require('outputFormat');
  if (format.toLowerCase() !== 'shape-zip') throw bad('outputFormat must be shape-zip');
  const ft = resolveLayer(ctx.params.require('typeName', 'typeNames'), ctx.product, 'typeName');
  const kind = kindOf(ft);
  const { base, file, en } = FILES[kind];
  checkFormatOptions(ctx.params.get('format_options'), file);
  const values = layerViewparams(ft, ctx.params.require('viewparams'));
  const features = await queryFeatures(ctx.db, ft, values, { limit: MAX_FEATURES });
  const date = new Date();
  const title = ctx.glossary?.codes['erosion-accretion']?.items[kind] ?? { th: en, en };
  const readme = downloadReadme({ title, layer: ft.name, values, count: features.length, dataset: await datasetLine(ctx.db), date }, ctx.glossary);
  const zip = writeShapeZip(features, { name: base, shapeType: 'Polygon', fields: dbfFields(ft), date, readme });
  sendAttachment(ctx, zip, 'application/zip', file);
}

export const downloadPage = pageModes({ changecoastline: download, change: download });
