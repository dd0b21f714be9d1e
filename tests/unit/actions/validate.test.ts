// SPEC.md §5 validation rules as config declares them (required / minItems / different /
// ordered): checked in the listed order, the first failing message wins, nothing else runs.
import { describe, expect, it } from 'vitest';
import type { Validation } from '../../../src/engine/types.ts';
import type { PickerValues } from '../../../src/engine/options.ts';
import { firstFailure, orderKey, rulePasses, validationMessage } from '../../../src/ui/topic/actions/validate.ts';

const rules: Validation[] = [
  { id: 'need-province', rule: 'required', pickers: ['province'], message: 'กรุณาเลือกจังหวัด' },
  { id: 'need-island', rule: 'minItems', pickers: ['islands'], message: 'กรุณาเลือกเกาะ' },
  { id: 'need-lake-island', rule: 'required', pickers: ['lake-island'], message: 'กรุณาเลือกเกาะทะเลสาบสงขลาก่อน' },
  { id: 'years-differ', rule: 'different', pickers: ['start', 'end'], message: 'กรุณาเลือกปีเริ่มต้นและปีสิ้นสุดที่แตกต่างกัน' },
  { id: 'years-ordered', rule: 'ordered', pickers: ['start', 'end'], message: 'กรุณาเลือกปีเริ่มต้นและปีสิ้นสุดให้ถูกต้อง' },
];
const year = (y: number) => ({ code: String(y), name: String(y) });
const province = { code: '90', name: 'สงขลา' };
const rule = (id: string) => rules.find((r) => r.id === id)!;

describe('§5 each rule', () => {
  it('required: the picker is chosen (a multi-select with at least one item)', () => {
    expect(rulePasses(rule('need-province'), {})).toBe(false);
    expect(rulePasses(rule('need-province'), { province: null })).toBe(false);
    expect(rulePasses(rule('need-province'), { province })).toBe(true);
    expect(rulePasses(rule('need-province'), { province: [] })).toBe(false);
    expect(rulePasses(rule('need-province'), { province: [province] })).toBe(true);
  });

  it('minItems: at least one island', () => {
    expect(rulePasses(rule('need-island'), { islands: null })).toBe(false);
    expect(rulePasses(rule('need-island'), { islands: [] })).toBe(false);
    expect(rulePasses(rule('need-island'), { islands: [{ code: '3', name: 'เกาะสมุย' }] })).toBe(true);
  });

  it('different: start and end must both be chosen and differ', () => {
    expect(rulePasses(rule('years-differ'), { start: year(2562), end: year(2562) })).toBe(false);
    expect(rulePasses(rule('years-differ'), { start: year(2562), end: year(2567) })).toBe(true);
    expect(rulePasses(rule('years-differ'), { start: year(2562) })).toBe(false);
  });

  it('ordered: start not later than end (numbers, not text); unchosen years are left to the other rules', () => {
    expect(rulePasses(rule('years-ordered'), { start: year(2567), end: year(2562) })).toBe(false);
    expect(rulePasses(rule('years-ordered'), { start: year(2562), end: year(2567) })).toBe(true);
    expect(rulePasses(rule('years-ordered'), { start: year(999), end: year(2562) })).toBe(true);
    expect(rulePasses(rule('years-ordered'), {})).toBe(true);
    // Year pairs may carry a layer name as code: the number in the label orders them.
    expect(orderKey({ code: 'cmline_2567', name: '2567' })).toBe(2567);
    expect(rulePasses(rule('years-ordered'), { start: { code: 'cmline_2567', name: '2567' }, end: { code: 'cmline_2562', name: '2562' } })).toBe(false);
  });
});

describe('§5 the first failing rule of the listed ones wins', () => {
  const ids = ['need-province', 'years-differ', 'years-ordered'];
  const cases: Array<[string, PickerValues, string | null]> = [
    ['nothing chosen', { start: year(2562), end: year(2567) }, 'กรุณาเลือกจังหวัด'],
    ['same years', { province, start: year(2565), end: year(2565) }, 'กรุณาเลือกปีเริ่มต้นและปีสิ้นสุดที่แตกต่างกัน'],
    ['reversed years', { province, start: year(2567), end: year(2562) }, 'กรุณาเลือกปีเริ่มต้นและปีสิ้นสุดให้ถูกต้อง'],
    ['all fine', { province, start: year(2562), end: year(2567) }, null],
    ['province missing and years equal: province first', { start: year(2565), end: year(2565) }, 'กรุณาเลือกจังหวัด'],
  ];
  it.each(cases)('%s', (_, values, message) => {
    expect(validationMessage(rules, ids, values)).toBe(message);
  });

  it('order follows the ids given, unknown ids are skipped, no ids passes', () => {
    const values = { start: year(2565), end: year(2565) };
    expect(firstFailure(rules, ['years-differ', 'need-province'], values)?.id).toBe('years-differ');
    expect(validationMessage(rules, ['no-such-rule'], values)).toBeNull();
    expect(validationMessage(rules, undefined, values)).toBeNull();
  });

  it('lake island add-layer: an island is needed', () => {
    expect(validationMessage(rules, ['need-lake-island'], {})).toBe('กรุณาเลือกเกาะทะเลสาบสงขลาก่อน');
    expect(validationMessage(rules, ['need-lake-island'], { 'lake-island': { code: '1', name: 'เกาะยอ' } })).toBeNull();
  });
});
