// The name.txt of a download (issue 16): what the files hold, for which request, and each .dbf
// field (cut to 10 characters by the format) with its Thai and English label and unit from the
// glossary of config/, the words the feature drawer uses for the same fields.
import type { Glossary, Term } from '../../engine/types.ts';
import type { Queryable } from '../db/types.ts';
import type { DbfField } from '../shapefile/index.ts';

interface DownloadReadme {
  /** What the features are, e.g. the glossary's term for erosion. */
  title: Term;
  layer: string;
  /** The checked request values (never the raw request text). */
  values: Readonly<Record<string, string | number | undefined>>;
  count: number;
  /** The dataset line: the sample dataset says it is not real data. */
  dataset: string;
  date: Date;
}

type Labels = Pick<Glossary, 'fields' | 'units'>;

function fieldLine(field: DbfField, glossary: Labels | undefined): string {
  const term = glossary?.fields[field.property];
  const unit = term?.unit ? glossary?.units[term.unit] : undefined;
  const th = term ? `${term.th}${unit ? ` (${unit.th})` : ''}` : '-';
  const en = term ? `${term.en}${unit ? ` (${unit.en})` : ''}` : '-';
  const renamed = field.name === field.property ? '' : ` [${field.property}]`;
  return `${field.name.padEnd(10)}  ${th} / ${en}${renamed}`;
}

/** The text for writeShapeZip's `readme`. */
export function downloadReadme(info: DownloadReadme, glossary: Labels | undefined): (fields: readonly DbfField[]) => string {
  const conditions = Object.entries(info.values)
    .filter(([, v]) => v !== undefined && v !== '')
    .map(([k, v]) => `${k}=${v}`)
    .join(', ');
  return (fields) =>
    [
      `${info.title.th} (${info.title.en})`,
      '',
      `ชั้นข้อมูล / Layer: ${info.layer}`,
      `เงื่อนไข / Conditions: ${conditions || '-'}`,
      `จำนวนรูปแปลง / Features: ${info.count.toLocaleString('en-US')}`,
      'ระบบพิกัด / CRS: WGS 84 (EPSG:4326), ไฟล์ .prj',
      'รหัสอักขระ / Encoding: UTF-8 (ไฟล์ .cpg)',
      `ข้อมูล / Dataset: ${info.dataset}`,
      `สร้างเมื่อ / Created: ${info.date.toISOString()}`,
      '',
      'ฟิลด์ / Fields (ชื่อในไฟล์ .dbf  ความหมาย / meaning)',
      ...fields.map((f) => fieldLine(f, glossary)),
      '',
    ].join('\n');
}

/** The dataset_info line of the served data. */
export async function datasetLine(db: Queryable): Promise<string> {
  const { rows } = await db.query<{ name: string; version: string; description: string | null }>(
    'SELECT name, version, description FROM dataset_info ORDER BY gid',
  );
  if (!rows.length) return '-';
  return rows.map((r) => `${r.name} v${r.version}${r.description ? `: ${r.description}` : ''}`).join('; ');
}
