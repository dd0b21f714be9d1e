// The chart as a table (the accessible form of the bars): province, district, [sub-district] and
// the area in rai, ngan, square wah and sq km, numbers th-TH with exactly 3 decimals (SPEC.md §9).
import type { ChartTree } from '../../engine/charts/aggregate.ts';
import { toChartRows } from '../../engine/charts/aggregate.ts';
import { COLUMN_LABELS, tableRows, totalRow } from './chartData.ts';

export function ChartTable({ tree, caption }: { tree: ChartTree; caption: string }) {
  const sub = tree.level === 'subdistrict';
  const rows = tableRows(toChartRows(tree));
  const total = totalRow(tree);
  const nameColumns = sub ? 3 : 2;
  return (
    <div className="chart-table-wrap" tabIndex={0} role="region" aria-label={`${caption} (ตาราง)`}>
      <table className="chart-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{COLUMN_LABELS.province}</th>
            <th scope="col">{COLUMN_LABELS.district}</th>
            {sub && <th scope="col">{COLUMN_LABELS.subdistrict}</th>}
            <th scope="col" className="num">{COLUMN_LABELS.rai}</th>
            <th scope="col" className="num">{COLUMN_LABELS.ngan}</th>
            <th scope="col" className="num">{COLUMN_LABELS.wah}</th>
            <th scope="col" className="num">{COLUMN_LABELS.sqkm}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={i}>
              <td>{r.province}</td>
              <td>{r.district}</td>
              {sub && <td>{r.subdistrict}</td>}
              <td className="num">{r.rai}</td>
              <td className="num">{r.ngan}</td>
              <td className="num">{r.wah}</td>
              <td className="num">{r.sqkm}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={nameColumns}>{COLUMN_LABELS.total}</th>
            <td className="num">{total.rai}</td>
            <td className="num">{total.ngan}</td>
            <td className="num">{total.wah}</td>
            <td className="num">{total.sqkm}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
