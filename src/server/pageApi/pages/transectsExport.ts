// The transect statistics download of page=transects (mode=download): transects.csv, or
// transects.zip (a shapefile of the transect lines with transects.txt), one row per transect
// (issue 27 item 11). Every column is named with its meaning and unit, in Thai and English, from
// config/glossary.yaml's fields: in the zip's readme, and the CSV's header gives each unit. The
// rate class comes with its Thai name (class_th), as the map's legend words it.
import type { Feature, LineString } from 'geojson';
import type { Legend } from '../../../engine/types.ts';
import { writeShapeZip, type DbfFieldSpec } from '../../shapefile/index.ts';
import type { Period, TransectRow } from '../../transects/query.ts';
import { sendAttachment, type RouterContext } from '../context.ts';
import { datasetLine, downloadReadme } from '../downloadReadme.ts';

type Cell = string | number | null;

/** Columns of the CSV and the .dbf (names of at most 10 characters). */
function exportColumns(classLabel: (code: string | null) => string | null): { name: string; type: 'N' | 'C'; get: (r: TransectRow) => Cell }[] {
  return [
    { name: 'gid', type: 'N', get: (r) => r.gid },
    { name: 'prv_code', type: 'C', get: (r) => r.prv_code },
    { name: 'prv_name', type: 'C', get: (r) => r.prv_name },
    { name: 'amp_code', type: 'C', get: (r) => r.amp_code },
    { name: 'amp_name', type: 'C', get: (r) => r.amp_name },
    { name: 'tam_code', type: 'C', get: (r) => r.tam_code },
    { name: 'tam_name', type: 'C', get: (r) => r.tam_name },
    { name: 'code_b_m', type: 'C', get: (r) => r.code_b_m },
    { name: 'code_b_c', type: 'C', get: (r) => r.code_b_c },
    { name: 'code_b_s', type: 'C', get: (r) => r.code_b_s },
    { name: 'lon', type: 'N', get: (r) => round(r.lon, 6) },
    { name: 'lat', type: 'N', get: (r) => round(r.lat, 6) },
    { name: 'start_yr', type: 'N', get: (r) => r.first_year },
    { name: 'end_yr', type: 'N', get: (r) => r.last_year },
    { name: 'n_years', type: 'N', get: (r) => r.n },
    { name: 'nsm', type: 'N', get: (r) => round(r.nsm, 2) },
    { name: 'sce', type: 'N', get: (r) => round(r.sce, 2) },
    { name: 'epr', type: 'N', get: (r) => round(r.epr, 2) },
    { name: 'lrr', type: 'N', get: (r) => round(r.lrr, 2) },
    { name: 'lrr_se', type: 'N', get: (r) => round(r.lrr_se, 3) },
    { name: 'lrr_ci95', type: 'N', get: (r) => round(r.lrr_ci95, 3) },
    { name: 'r2', type: 'N', get: (r) => round(r.r2, 3) },
    { name: 'p_value', type: 'N', get: (r) => round(r.p_value, 4) },
    { name: 'signif', type: 'N', get: (r) => (r.significant ? 1 : 0) },
    { name: 'rate_basis', type: 'C', get: (r) => r.rate_basis },
    { name: 'lrr_robust', type: 'N', get: (r) => round(r.lrr_robust, 2) },
    { name: 'outliers', type: 'C', get: (r) => r.outlier_years.join(' ') },
    { name: 'quality', type: 'C', get: (r) => r.flags.join(' ') || 'ok' },
    { name: 'rate_class', type: 'C', get: (r) => r.rate_class },
    { name: 'class_th', type: 'C', get: (r) => classLabel(r.rate_class) },
  ];
}

function round(v: number | null, digits: number): number | null {
  return v === null || !Number.isFinite(v) ? null : Number(v.toFixed(digits));
}

function csvCell(v: Cell): string {
  if (v === null) return '';
  const s = String(v);
  return /[",\r\n]/.test(s) || /^[=+\-@]/.test(s) && typeof v === 'string' ? `"${s.replace(/"/g, '""')}"` : s;
}

/** The Thai name of each rate class: the legend that classes points by rate_class. */
function rateClassLabels(legends: readonly Legend[] | undefined): (code: string | null) => string | null {
  const legend = legends?.find((l) => l.field === 'rate_class');
  return (code) => (code === null ? null : (legend?.items.find((item) => item.code === code)?.label ?? null));
}

/** `name (unit)` when the glossary gives the field a unit, e.g. 'lrr (m/yr)'. */
function headerOf(name: string, glossary: RouterContext['glossary']): string {
  const unit = glossary?.fields[name]?.unit;
  const en = unit ? glossary?.units[unit]?.en : undefined;
  return en ? `${name} (${en})` : name;
}

/** UTF-8 with a byte-order mark (Excel reads Thai), CRLF lines. */
function transectsCsv(rows: readonly TransectRow[], glossary: RouterContext['glossary'], legends?: readonly Legend[]): Buffer {
  const columns = exportColumns(rateClassLabels(legends));
  const lines = [columns.map((c) => csvCell(headerOf(c.name, glossary))).join(',')];
  for (const r of rows) lines.push(columns.map((c) => csvCell(c.get(r))).join(','));
  return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8')]);
}

export async function sendTransectsDownload(ctx: RouterContext, rows: readonly TransectRow[], format: 'csv' | 'shape-zip', period: Period): Promise<void> {
  let body: Uint8Array;
  let type: string;
  let file: string;
  if (format === 'csv') {
    body = transectsCsv(rows, ctx.glossary, ctx.legends);
    type = 'text/csv; charset=utf-8';
    file = 'transects.csv';
  } else {
    const columns = exportColumns(rateClassLabels(ctx.legends));
    const features: Feature<LineString>[] = rows.map((r) => ({
      type: 'Feature',
      geometry: { type: 'LineString', coordinates: r.line! },
      properties: Object.fromEntries(columns.map((c) => [c.name, c.get(r)])),
    }));
    const fields: DbfFieldSpec[] = columns.map((c) => ({ name: c.name, type: c.type }));
    const date = new Date();
    const readme = downloadReadme(
      {
        title: ctx.glossary?.terms['transect-statistics'] ?? { th: 'transects', en: 'transects' },
        layer: 'transects',
        values: { start: period.start, end: period.end, rate: rows[0]?.rate_basis ?? 'dsas' },
        count: rows.length,
        dataset: await datasetLine(ctx.db),
        date,
      },
      ctx.glossary,
    );
    body = writeShapeZip(features, { name: 'transects', shapeType: 'PolyLine', fields, date, readme });
    type = 'application/zip';
    file = 'transects.zip';
  }
  sendAttachment(ctx, body, type, file);
}
