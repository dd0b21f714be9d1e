// How a chart shows each value unit (SPEC.md §9 Units): the bar length, the x axis title, the
// tooltip texts and the table columns. Numbers are th-TH with exactly 3 decimals; counts whole.
import { formatRaiNganWah, formatThaiNumber, sqmToRai, sqmToSqkm, toRaiNganWah, unitLabels } from '../units.ts';
import type { ChartUnit } from './spec.ts';

export interface Measure {
  /** Data key of the bar length in the vega-lite data values. */
  key: string;
  axisTitle: string;
  /** The bar length (or line height) of a value. */
  bar(value: number): number;
  /** Tooltip lines after the group names: data key, title and text of a value. */
  tooltip: ReadonlyArray<{ key: string; title: string; text(value: number): string }>;
  /** Table columns of a value. */
  columns: ReadonlyArray<{ label: string; text(value: number): string }>;
  /** A value as text with its unit, e.g. '1,145.607 ไร่'. */
  text(value: number): string;
}

const wholeNumber = new Intl.NumberFormat('th-TH', { maximumFractionDigits: 0 });
const percent = new Intl.NumberFormat('th-TH', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** A share column's cell (chart `shares`): a percentage with one decimal, '-' when undefined. */
export function percentText(value: number | null | undefined): string {
  return value === null || value === undefined || !Number.isFinite(value) ? '-' : percent.format(value);
}

/** A value shown in one unit; `scale` turns the field's unit into the shown one (m -> km). */
function simple(key: string, quantity: string, label: string, scale = 1): Measure {
  const shown = (value: number) => formatThaiNumber(value * scale);
  const text = (value: number) => `${shown(value)} ${label}`;
  return {
    key,
    axisTitle: `${quantity} (${label})`,
    bar: (value) => value * scale,
    tooltip: [{ key: `${key}Text`, title: quantity, text }],
    columns: [{ label, text: shown }],
    text,
  };
}

/** Square metres: bars in decimal rai; texts and the table in whole rai, whole ngan, square wah
 *  with 3 decimals (config/glossary.yaml units) and sq km. */
const sqm: Measure = {
  key: 'rai',
  axisTitle: `พื้นที่ (${unitLabels.rai})`,
  bar: sqmToRai,
  tooltip: [
    { key: 'raiText', title: 'พื้นที่', text: formatRaiNganWah },
    { key: 'sqkmText', title: unitLabels.sqkm, text: (value) => `${formatThaiNumber(sqmToSqkm(value))} ${unitLabels.sqkm}` },
  ],
  columns: [
    { label: unitLabels.rai, text: (value) => wholeNumber.format(toRaiNganWah(value, 3).rai) },
    { label: unitLabels.ngan, text: (value) => wholeNumber.format(toRaiNganWah(value, 3).ngan) },
    { label: unitLabels.wah, text: (value) => formatThaiNumber(toRaiNganWah(value, 3).wah) },
    { label: unitLabels.sqkm, text: (value) => formatThaiNumber(sqmToSqkm(value)) },
  ],
  text: formatRaiNganWah,
};

const count: Measure = {
  key: 'count',
  axisTitle: 'จำนวน',
  bar: (value) => value,
  tooltip: [{ key: 'countText', title: 'จำนวน', text: (value) => wholeNumber.format(value) }],
  columns: [{ label: 'จำนวน', text: (value) => wholeNumber.format(value) }],
  text: (value) => wholeNumber.format(value),
};

export const measures: Readonly<Record<ChartUnit, Measure>> = {
  sqm,
  sqkm: simple('sqkm', 'พื้นที่', unitLabels.sqkm),
  rai: simple('rai', 'พื้นที่', unitLabels.rai),
  // Lengths of coast run to hundreds of kilometres: metres are shown in km (SPEC.md §9).
  m: simple('m', 'ความยาว', unitLabels.km, 0.001),
  km: simple('km', 'ความยาว', unitLabels.km),
  'm/yr': simple('mPerYear', 'อัตราการเปลี่ยนแปลง', 'ม./ปี'),
  count,
};
