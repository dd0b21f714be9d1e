// The chart as a table (the accessible form of the bars): the group names and the value cells
// as compiled (e.g. rai, ngan, square wah and sq km, th-TH with 3 decimals, SPEC.md §9). A name
// column that repeats one value on every row is said once under the caption, so the value
// columns fit a narrow sidebar.
import type { ChartTable as Table } from '../../engine/charts/compile.ts';
import { liftConstantColumns } from '../../engine/charts/tableScope.ts';

export function ChartTable({ table: compiled, caption }: { table: Table; caption: string }) {
  const { table, scope } = liftConstantColumns(compiled);
  return (
    <div className="chart-table-wrap" tabIndex={0} role="region" aria-label={`${caption} (ตาราง)`}>
      <table className="chart-table">
        <caption>
          {caption}
          {scope.length > 0 && <span className="chart-table-scope">{scope.map((s) => `${s.label} ${s.value}`).join(' · ')}</span>}
        </caption>
        <thead>
          <tr>
            {table.nameColumns.map((label, k) => (
              <th scope="col" key={k}>{label}</th>
            ))}
            {table.valueColumns.map((label, k) => (
              <th scope="col" className="num" key={k}>{label}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row, i) => (
            <tr key={i}>
              {row.names.map((name, k) => (
                <td key={k}>{name}</td>
              ))}
              {row.values.map((value, k) => (
                <td className="num" key={k}>{value}</td>
              ))}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={table.nameColumns.length}>{table.total.label}</th>
            {table.total.values.map((value, k) => (
              <td className="num" key={k}>{value}</td>
            ))}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
