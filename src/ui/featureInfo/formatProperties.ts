// Feature properties as the drawer shows them (SPEC.md §2 Feature drawer, §3 Feature properties,
// §9 Units). Pure: every value becomes a plain string, rendered by React as a text node (never
// as HTML), so a stored '<img src=x onerror=...>' shows as those characters.
//
// - Empty values (null, undefined, blank strings) are hidden.
// - shape_leng x 0.001 is shown in km with 4 decimals (SPEC.md §3, §9 "Info panel").
// - area (sq m) is shown as rai, ngan and square wah with the sq m (units.ts, 3 decimals).
// - A field with decimals (config/glossary.yaml: the field's `decimals`, else its unit's) in the
//   Thai locale with that many decimals and thousands separators: 11.6 with 1 -> '11.6'.
// - Other non-integer numbers in the Thai locale with exactly 3 decimals; whole numbers (years,
//   ids, codes) as they are.
// - ISO dates in Thai with the Buddhist-era year: '2024-12-31' -> '31 ธ.ค. 2567' (a date-time
//   with its time); a coded value as its Thai label (the FieldReader's).
// - Hidden fields (internal ids) and a field duplicating another that has a value are left out,
//   and a label already shown is not shown again (prv_name and pv_th are both 'จังหวัด').
import { legendClass } from '../../engine/legends.ts';
import type { Legend } from '../../engine/types.ts';
import { formatDecimals, formatIsoDateText, formatRaiNganWah, formatThaiNumber, SQM_PER_RAI, unitLabels } from '../../engine/units.ts';

export interface PropertyRow {
  /** The property name as stored. */
  key: string;
  /** A Thai label when the property is known, else the name itself. */
  label: string;
  value: string;
}

/** SPEC.md §3: shape_leng is in metres; x 0.001 gives km. */
const SHAPE_LENG_TO_KM = 0.001;

const km4 = new Intl.NumberFormat('th-TH', { minimumFractionDigits: 4, maximumFractionDigits: 4 });

/** Whether a property value is shown at all. */
export function isEmptyValue(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (typeof value === 'number') return Number.isNaN(value);
  return false;
}

/** A number, or a string holding only a number. */
function numeric(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value);
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

/** shape_leng (m) as km with 4 decimals, Thai locale: 1234.5 -> '1.2345'. */
export function formatShapeLengKm(value: number): string {
  const text = km4.format(value * SHAPE_LENG_TO_KM);
  return /^-0\.0+$/.test(text) ? text.slice(1) : text;
}

/** An area in sq m as '1 ไร่ 1 งาน 12.500 ตร.วา (2,050.000 ตร.ม.)'. */
export function formatAreaValue(sqm: number): string {
  return `${formatRaiNganWah(sqm)} (${formatThaiNumber(sqm)} ${unitLabels.sqm})`;
}

/** One value as text (not HTML); `decimals`, when the field has them, for its numbers. */
export function formatValue(key: string, value: unknown, decimals?: number): string {
  const n = numeric(value);
  if (key === 'shape_leng' && n !== null) return formatShapeLengKm(n);
  if (key === 'area' && n !== null) return formatAreaValue(n);
  // Rai and ngan are whole numbers, only square wah has decimals (issue 16).
  if (key === 'area_rai' && n !== null) return formatRaiNganWah(n * SQM_PER_RAI);
  if (decimals !== undefined && n !== null) return formatDecimals(n, decimals);
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : formatThaiNumber(value);
  if (typeof value === 'string') return formatIsoDateText(value) ?? value.trim();
  if (typeof value === 'boolean') return value ? 'ใช่' : 'ไม่ใช่';
  return JSON.stringify(value) ?? String(value);
}

/** How the drawer reads a layer's fields (fieldLabels.ts builds it from config); each part left
 *  out means: no label (the name is shown), default decimals, no codes, shown, no duplicate. */
export interface FieldReader {
  /** A field's Thai label with its unit. */
  label(field: string): string | undefined;
  /** The decimals of a field's numbers. */
  decimals(field: string): number | undefined;
  /** The Thai label of a coded value. */
  codeLabel(field: string, value: unknown): string | undefined;
  /** Whether the field is shown at all. */
  shown(field: string): boolean;
  /** The field this one duplicates: this one is shown only when that one has no value. */
  duplicateOf(field: string): string | undefined;
}

/** The rows of one feature's table, in property order; empty values, hidden fields, duplicates
 *  and repeated labels left out. Unlabelled fields show their name. */
export function formatProperties(properties: Readonly<Record<string, unknown>> | null | undefined, fields: Partial<FieldReader> = {}): PropertyRow[] {
  if (!properties) return [];
  const present = (field: string | undefined) => field !== undefined && Object.hasOwn(properties, field) && !isEmptyValue(properties[field]);
  const labels = new Set<string>();
  return Object.entries(properties).flatMap(([key, value]) => {
    if (isEmptyValue(value) || fields.shown?.(key) === false || present(fields.duplicateOf?.(key))) return [];
    const label = fields.label?.(key) ?? key;
    if (labels.has(label)) return [];
    labels.add(label);
    return [{ key, label, value: fields.codeLabel?.(key, value) ?? formatValue(key, value, fields.decimals?.(key)) }];
  });
}

/** The colour a feature is drawn in: the layer's own colour, else its legend's item for the
 *  feature's value (code or min/max range on the legend's field), else the legend's first colour. */
export function featureColor(layerColor: string | undefined, legend: Legend | undefined, properties: Readonly<Record<string, unknown>> | null | undefined): string | undefined {
  if (layerColor) return layerColor;
  if (!legend) return undefined;
  const index = legend.field ? legendClass(legend.items, properties?.[legend.field]) : null;
  const chosen = index === null ? undefined : legend.items[index]?.color;
  if (chosen) return chosen;
  return legend.items.find((i) => i.color)?.color;
}
