// A chart's table (src/engine/charts/compile.ts ChartTable) as a pdfmake table: the export report
// and the province atlas print it the same way.
import { nestRuns, phraseRuns, thaiRuns } from './thaiText.ts';

/** The shape of engine/charts/compile.ts ChartTable (pdf/ imports nothing outside itself). */
interface PrintedChartTable {
  nameColumns: readonly string[];
  valueColumns: readonly string[];
  rows: ReadonlyArray<{ names: readonly string[]; values: readonly string[] }>;
  total: { label: string; values: readonly string[] };
}

export function chartTableNode(table: PrintedChartTable, margin: readonly number[]): Record<string, unknown> {
  return {
    margin,
    fontSize: 9,
    table: {
      headerRows: 1,
      widths: [...table.nameColumns.map(() => '*'), ...table.valueColumns.map(() => 'auto')],
      body: [
        [...table.nameColumns, ...table.valueColumns].map((h) => ({ text: phraseRuns(h), bold: true, fillColor: '#EEF3F8' })),
        ...table.rows.map((r) => [...r.names.map((n) => ({ text: nestRuns(thaiRuns(n)) })), ...r.values.map((v) => ({ text: v, alignment: 'right' }))]),
        [{ text: phraseRuns(table.total.label), bold: true, colSpan: table.nameColumns.length }, ...table.nameColumns.slice(1).map(() => ''), ...table.total.values.map((v) => ({ text: v, bold: true, alignment: 'right' }))],
      ],
    },
    layout: 'lightHorizontalLines',
  };
}
