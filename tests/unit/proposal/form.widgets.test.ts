// Pure parts of the proposal form's custom widgets: the beach-system text (SPEC.md §3: names joined
// by '/'), the beach cascade's levels (SPEC.md §7 router calls), and the budget table (SPEC.md §9
// columns 2569-2572 with a total).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { FormDoc } from '../../../src/engine/types.ts';
import { BEACH_LEVELS, beachSystemText } from '../../../src/proposal/ui/widgets/BeachSystemWidget.tsx';
import { budgetColumns, budgetTotal } from '../../../src/proposal/ui/widgets/BudgetTableField.tsx';

const form = parse(readFileSync(new URL('../../../config/forms/proposal.yaml', import.meta.url), 'utf8')) as FormDoc;
const budget = (form.schema as { properties: Record<string, Record<string, unknown>> }).properties.budgetAmount!;

describe('beach system (item 6)', () => {
  it('three levels with their router modes, parameters and row fields (SPEC.md §3, §7)', () => {
    expect(BEACH_LEVELS.map(({ id, label, mode, param, value, name }) => [id, label, mode, param, value, name])).toEqual([
      ['main', 'กลุ่มหาดหลัก', 'beachm', null, 'code_b_m', 'b_m_thai'],
      ['sub', 'กลุ่มหาดย่อย', 'beachc', 'code_b_m', 'code_b_c', 'b_c_thai'],
      ['system', 'ระบบหาด', 'beachs', 'code_b_c', 'code_b_s', 'b_s_thai'],
    ]);
  });
  it("joins the chosen Thai names by '/', parent first", () => {
    const v = (code: string, name: string) => ({ code, name });
    expect(beachSystemText({ main: v('T1', 'ชายฝั่งทะเลตะวันออก'), sub: v('T1-03', 'กลุ่มหาดบางแสน'), system: v('T1-03-2', 'หาดบางแสน') })).toBe('ชายฝั่งทะเลตะวันออก/กลุ่มหาดบางแสน/หาดบางแสน');
    expect(beachSystemText({ main: v('T1', 'ก'), sub: null, system: null })).toBe('ก');
    expect(beachSystemText({ main: null, sub: null, system: null })).toBe('');
  });
});

describe('budget table (item 14.3)', () => {
  it('columns 2569, 2570, 2571, 2572 in ui:order, from the schema', () => {
    const ui = (form.uiSchema as Record<string, Record<string, unknown>>).budgetAmount;
    expect(budgetColumns(budget as never, ui as never).map((c) => [c.key, c.year])).toEqual([
      ['b2569', '2569'],
      ['b2570', '2570'],
      ['b2571', '2571'],
      ['b2572', '2572'],
    ]);
  });
  it('totals the numbers entered, ignoring empty ones', () => {
    expect(budgetTotal({ b2569: 5_000_000, b2570: 3_000_000.5, b2572: undefined })).toBe(8_000_000.5);
    expect(budgetTotal(undefined)).toBe(0);
    expect(budgetTotal({ b2569: Number.NaN, b2570: 1 })).toBe(1);
  });
});
