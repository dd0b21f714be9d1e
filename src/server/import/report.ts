// What `npm run import` prints after a load: the summary line, where the feature ids came from,
// the table's columns and types, and the catalog entry that publishes it as it is.

import { catalogEntry } from './catalogEntry.ts';
import type { ImportMode, ImportResult } from './index.ts';

function seconds(ms: number): string {
  return ms < 10_000 ? `${(ms / 1000).toFixed(2)} s` : `${(ms / 1000).toFixed(1)} s`;
}

function summary(result: ImportResult, mode: ImportMode): string {
  const notes = [
    result.created ? 'new table' : mode === 'replace' ? 'rows replaced' : 'rows appended',
    result.crs === 'EPSG:4326' ? null : `reprojected from ${result.crs}`,
    result.encoding ? `text ${result.encoding.name === 'utf8' ? 'UTF-8' : result.encoding.name} (${result.encoding.from})` : null,
    result.repaired ? `${result.repaired} invalid geometr${result.repaired === 1 ? 'y' : 'ies'} repaired` : null,
    result.addedColumns.length ? `columns added: ${result.addedColumns.join(', ')}` : null,
  ].filter((note) => note !== null);
  return `imported ${result.features} features into "${result.table}" in ${seconds(result.ms)} (${notes.join('; ')})`;
}

function idLine(result: ImportResult, mode: ImportMode): string {
  const ids = result.ids;
  const why = result.idNote ? `; ${result.idNote}` : '';
  if (!ids) return `feature ids: none (the table has no one-column key)${why}`;
  const range = ids.range ? ` ${ids.range[0]}-${ids.range[1]}` : '';
  if (ids.from === 'file') return `feature ids: ${ids.column}${range}, the file's own (unique on every feature, kept by --replace)${why}`;
  const after = mode === 'append' && !result.created ? ' after the rows kept' : '';
  return `feature ids: ${ids.column}${range}, numbered in file order${after} (the file has no unique id column of its own${why}); --replace with the same file gives the same ids`;
}

/** The lines printed after a successful import. */
export function importReport(result: ImportResult, mode: ImportMode): string[] {
  const lines = [summary(result, mode), idLine(result, mode), `columns of table "${result.table}":`];
  const width = Math.max(...result.tableColumns.map((column) => column.name.length));
  for (const column of result.tableColumns) {
    const role = column.name === result.ids?.column ? '  (feature id)' : '';
    lines.push(`  ${column.name.padEnd(width)}  ${column.full}${role}`);
  }
  if (!result.geometry) {
    lines.push('no catalog entry: the table holds no geometries to say whether it is points, lines or polygons');
    return lines;
  }
  const entry = catalogEntry(result.table, result.tableColumns, result.ids?.column ?? null, result.geometry);
  lines.push(
    'catalog entry: paste under "layers:" in config/layers.yaml, write its Thai title (and a legend), then npm run check:config',
    ...entry.lines,
    ...entry.notes.map((note) => `note: ${note}`),
  );
  return lines;
}
