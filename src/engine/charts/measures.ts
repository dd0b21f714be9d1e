// How a chart shows each value unit (SPEC.md §9 Units): the bar length, the x axis title, the
// tooltip texts and the table columns. The built-in units are th-TH with exactly 3 decimals,
// counts whole; any other unit is a glossary unit (config/glossary.yaml `units`, e.g. kg) shown
// with its Thai label and its decimals.
import type { Glossary, UnitTerm } from '../types.ts';
import { formatDecimals, formatRaiNganWah, formatThaiNumber, sqmToRai, sqmToSqkm, toRaiNganWah, unitDecimals, unitLabels } from '../units.ts';
import type { BuiltInChartUnit } from './spec.ts';

export interface Measure {
  /** Data key of the bar length in the vega-lite data values. */
  key: string;
  axisTitle: string;
  /** d3 format of the axis labels (default ',.3~f'). */
  axisFormat?: string;
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

const measures: Readonly<Record<BuiltInChartUnit, Measure>> = {
  sqm,
  sqkm: simple('sqkm', 'พื้นที่', unitLabels.sqkm),
  rai: simple('rai', 'พื้นที่', unitLabels.rai),
  // Lengths of coast run to hundreds of kilometres: metres are shown in km (SPEC.md §9).
  m: simple('m', 'ความยาว', unitLabels.km, 0.001),
  km: simple('km', 'ความยาว', unitLabels.km),
  'm/yr': simple('mPerYear', 'อัตราการเปลี่ยนแปลง', 'ม./ปี'),
  count,
};

/** A glossary unit: bars in the field's own unit; texts and the one table column with the unit's
 *  Thai label and decimals. The axis is titled by the field's glossary label and the unit, e.g.
 *  'น้ำหนักขยะ (กก.)', or by the unit alone for a field the glossary does not name. */
function glossaryMeasure(unit: Pick<UnitTerm, 'th' | 'decimals'>, quantity: string | undefined): Measure {
  const decimals = unitDecimals(unit);
  const shown = (value: number) => formatDecimals(value, decimals);
  const text = (value: number) => `${shown(value)} ${unit.th}`;
  return {
    key: 'value',
    axisTitle: quantity ? `${quantity} (${unit.th})` : unit.th,
    axisFormat: `,.${decimals}~f`,
    bar: (value) => value,
    tooltip: [{ key: 'valueText', title: quantity ?? unit.th, text }],
    columns: [{ label: unit.th, text: shown }],
    text,
  };
}

const isBuiltIn = (unit: string): unit is BuiltInChartUnit => Object.hasOwn(measures, unit);

/** The measure of a chart's `value`: a built-in unit's, else the glossary unit's (an id the
 *  glossary lacks, which check:config refuses, shows its id as the label). */
export function measureOf(value: { unit: string; field?: string }, glossary?: Pick<Glossary, 'units' | 'fields'>): Measure {
  if (isBuiltIn(value.unit)) return measures[value.unit];
  const unit = glossary && Object.hasOwn(glossary.units, value.unit) ? glossary.units[value.unit] : undefined;
  const field = value.field;
  const quantity = glossary && field !== undefined && Object.hasOwn(glossary.fields, field) ? glossary.fields[field]?.th : undefined;
  return glossaryMeasure(unit ?? { th: value.unit }, quantity);
}
