// Issue 11 defect: the change-area table cut off its ตร.กม. column in the sidebar. A name column
// that repeats one value on every row is said once, above the table.
import { describe, expect, it } from 'vitest';
import { liftConstantColumns } from '../../../src/engine/charts/tableScope.ts';
import type { ChartTable } from '../../../src/engine/charts/compile.ts';

const table = (rows: string[][]): ChartTable => ({
  nameColumns: ['จังหวัด', 'อำเภอ', 'ตำบล'],
  valueColumns: ['ไร่'],
  rows: rows.map((names) => ({ names, values: ['1'] })),
  total: { label: 'รวม', values: ['2'] },
});

describe('liftConstantColumns', () => {
  it('lifts the province and district of the sub-districts of one district', () => {
    const { table: t, scope } = liftConstantColumns(table([['สงขลา', 'ระโนด', 'ระโนด'], ['สงขลา', 'ระโนด', 'บ่อตรุ']]));
    expect(scope).toEqual([{ label: 'จังหวัด', value: 'สงขลา' }, { label: 'อำเภอ', value: 'ระโนด' }]);
    expect(t.nameColumns).toEqual(['ตำบล']);
    expect(t.rows.map((r) => r.names)).toEqual([['ระโนด'], ['บ่อตรุ']]);
    expect(t.valueColumns).toEqual(['ไร่']);
    expect(t.total).toEqual({ label: 'รวม', values: ['2'] });
  });

  it('keeps a column that differs, and the innermost one when every column is constant', () => {
    const mixed = table([['สงขลา', 'ระโนด', 'ระโนด'], ['ปัตตานี', 'ระโนด', 'ระโนด']]);
    expect(liftConstantColumns(mixed).table.nameColumns).toEqual(['จังหวัด']);
    expect(liftConstantColumns(mixed).scope.map((s) => s.label)).toEqual(['อำเภอ', 'ตำบล']);
    const same = liftConstantColumns(table([['สงขลา', 'ระโนด', 'ระโนด'], ['สงขลา', 'ระโนด', 'ระโนด']]));
    expect(same.table.nameColumns).toEqual(['ตำบล']);
  });

  it('leaves one row, all-different columns and empty names alone', () => {
    const one = table([['สงขลา', 'ระโนด', 'ระโนด']]);
    expect(liftConstantColumns(one)).toEqual({ table: one, scope: [] });
    const differ = table([['สงขลา', 'ระโนด', 'ก'], ['ปัตตานี', 'เมือง', 'ข']]);
    expect(liftConstantColumns(differ)).toEqual({ table: differ, scope: [] });
    const blank = table([['', 'ระโนด', 'ก'], ['', 'เมือง', 'ข']]);
    expect(liftConstantColumns(blank).scope).toEqual([]);
  });
});
