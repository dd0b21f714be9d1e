// A chart table in a narrow sidebar (issue 11: the ตร.กม. column was cut off): a name column that
// says the same thing on every row (the province, when the rows are its districts) is said once
// above the table instead, so the value columns fit. At least one name column stays.
import type { ChartTable } from './compile.ts';

interface ScopedTable {
  table: ChartTable;
  /** The lifted columns, outermost first: 'จังหวัด' and 'สงขลา'. */
  scope: Array<{ label: string; value: string }>;
}

export function liftConstantColumns(table: ChartTable): ScopedTable {
  if (table.rows.length < 2) return { table, scope: [] };
  const constant = table.nameColumns.map((_, k) => {
    const first = table.rows[0]!.names[k];
    return !!first && table.rows.every((row) => row.names[k] === first);
  });
  // Keep the innermost column even when constant: a row needs a name.
  if (constant.every(Boolean)) constant[constant.length - 1] = false;
  if (!constant.some(Boolean)) return { table, scope: [] };
  const keep = <T>(items: readonly T[]) => items.filter((_, k) => !constant[k]);
  return {
    table: { ...table, nameColumns: keep(table.nameColumns), rows: table.rows.map((row) => ({ ...row, names: keep(row.names) })) },
    scope: table.nameColumns.flatMap((label, k) => (constant[k] ? [{ label, value: table.rows[0]!.names[k]! }] : [])),
  };
}
