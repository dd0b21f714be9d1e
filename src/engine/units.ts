/** Units and number, coordinate and date formatting (SPEC.md §9 "Units", "Coordinates 6
 *  decimals", "Thai locale with Buddhist-era year for dates"). Pure functions, no DOM.
 *
 *  Thai land units: 1 rai = 4 ngan = 400 square wah = 1,600 sq m; 1 ngan = 100 square wah =
 *  400 sq m; 1 square wah = 4 sq m. Per sq m that is 0.000625 rai, 0.0025 ngan, 0.25 square wah
 *  (SPEC.md §9 "rai = sq m / 1600 (0.000625 rai per sq m); ngan 0.0025"), and 0.000001 sq km.
 *  Other units (kg, baht, ...) and their decimals are config: config/glossary.yaml `units`. */
import type { Glossary, UnitTerm } from './types.ts';

export const SQM_PER_RAI = 1600;
const SQM_PER_NGAN = 400;
const SQM_PER_WAH = 4;
const NGAN_PER_RAI = 4;
const WAH_PER_NGAN = 100;
const METRES_PER_YARD = 0.9144;
/** 1 mile = 1,760 yd = 1,609.344 m exactly. */
const METRES_PER_MILE = 1609.344;

/** Thai unit labels used by the formatters. */
export const unitLabels = {
  rai: 'ไร่',
  ngan: 'งาน',
  wah: 'ตร.วา',
  sqm: 'ตร.ม.',
  sqkm: 'ตร.กม.',
  km: 'กม.',
  m: 'ม.',
  mi: 'ไมล์',
  yd: 'หลา',
} as const;

/** Square metres to square kilometres (SPEC.md §9: x 0.000001). */
export function sqmToSqkm(sqm: number): number {
  return sqm / 1_000_000; // the same as x 0.000001, without its binary rounding error
}

/** Square metres to decimal rai (SPEC.md §9: / 1600, i.e. 0.000625 rai per sq m). */
export function sqmToRai(sqm: number): number {
  return sqm / SQM_PER_RAI;
}

/** Square metres to decimal ngan (SPEC.md §9: 0.0025 ngan per sq m, i.e. / 400). */
export function sqmToNgan(sqm: number): number {
  return sqm / SQM_PER_NGAN;
}

/** Square metres to decimal square wah (0.25 per sq m, i.e. / 4). */
export function sqmToWah(sqm: number): number {
  return sqm / SQM_PER_WAH;
}

interface RaiNganWah {
  /** Whole rai. */
  rai: number;
  /** Whole ngan, 0..3. */
  ngan: number;
  /** Square wah with decimals, 0 <= wah < 100. */
  wah: number;
}

/** An area as Thai land units, the way a title deed writes it: whole rai, whole ngan (0-3) and
 *  square wah with decimals (below 100). E.g. 1,600 sq m = 1 rai 0 ngan 0 wah; 2,050 sq m =
 *  1 rai 1 ngan 12.5 wah. `wahDecimals` (default 6) rounds the wah, carrying into ngan and rai
 *  when it rounds up to 100 (so float noise like 1599.9999999 sq m gives 1 rai, not 3 ngan
 *  100 wah). A negative area gives every part negated; a non-finite one throws a RangeError. */
export function toRaiNganWah(sqm: number, wahDecimals = 6): RaiNganWah {
  if (!Number.isFinite(sqm)) throw new RangeError(`toRaiNganWah: not a finite area: ${sqm}`);
  const sign = sqm < 0 ? -1 : 1;
  // Everything in rounded square wah first, then split: exact for whole wah.
  const totalWah = roundTo(Math.abs(sqm) / SQM_PER_WAH, wahDecimals);
  const wahPerRai = WAH_PER_NGAN * NGAN_PER_RAI;
  const rai = Math.floor(totalWah / wahPerRai);
  const ngan = Math.floor((totalWah - rai * wahPerRai) / WAH_PER_NGAN);
  const wah = roundTo(totalWah - rai * wahPerRai - ngan * WAH_PER_NGAN, wahDecimals);
  const signed = (n: number) => (n === 0 ? 0 : sign * n); // never -0
  return { rai: signed(rai), ngan: signed(ngan), wah: signed(wah) };
}

/** `n` rounded to `decimals`, or `n` itself when scaling it would pass the safe-integer range. */
function roundTo(n: number, decimals: number): number {
  const scale = 10 ** decimals;
  const scaled = n * scale;
  return Math.abs(scaled) < Number.MAX_SAFE_INTEGER ? Math.round(scaled) / scale : n;
}

/** SPEC.md §9: numbers are shown with 3 decimals unless their unit or field says otherwise. */
const DEFAULT_DECIMALS = 3;

const thaiFormats = new Map<number, Intl.NumberFormat>();

/** A number in the Thai locale with exactly `decimals` decimals and thousands separators, e.g.
 *  (1234.5, 3) -> '1,234.500', (11.6, 1) -> '11.6', (1234, 0) -> '1,234'. A value that rounds to
 *  zero prints without a minus sign; NaN and infinities print '-'. */
export function formatDecimals(n: number, decimals: number): string {
  if (!Number.isFinite(n)) return '-';
  let format = thaiFormats.get(decimals);
  if (!format) thaiFormats.set(decimals, (format = new Intl.NumberFormat('th-TH', { minimumFractionDigits: decimals, maximumFractionDigits: decimals })));
  const text = format.format(n);
  return /^-0(\.0+)?$/.test(text) ? text.slice(1) : text;
}

/** A number in the Thai locale with exactly 3 decimals (SPEC.md §9), e.g. 1234.5 -> '1,234.500'. */
export function formatThaiNumber(n: number): string {
  return formatDecimals(n, DEFAULT_DECIMALS);
}

/** The decimals of a glossary unit (config/glossary.yaml `units`), 3 when it gives none. */
export function unitDecimals(unit: Pick<UnitTerm, 'decimals'> | undefined): number {
  return unit?.decimals ?? DEFAULT_DECIMALS;
}

/** A value with its glossary unit: (11.6, kg {th: กก., decimals: 1}) -> '11.6 กก.'. */
export function formatUnitValue(n: number, unit: Pick<UnitTerm, 'th' | 'decimals'>): string {
  return `${formatDecimals(n, unitDecimals(unit))} ${unit.th}`;
}

/** The decimals a field's numbers are shown with (the feature drawer): the glossary field's own
 *  `decimals`, else its unit's, else undefined (the field is shown the default way). */
export function fieldDecimals(glossary: Pick<Glossary, 'fields' | 'units'>, name: string): number | undefined {
  const field = Object.hasOwn(glossary.fields, name) ? glossary.fields[name] : undefined;
  if (!field) return undefined;
  if (field.decimals !== undefined) return field.decimals;
  const unit = field.unit && Object.hasOwn(glossary.units, field.unit) ? glossary.units[field.unit] : undefined;
  return unit ? unitDecimals(unit) : undefined;
}

interface LengthOptions {
  /** Yards and miles instead of metres and kilometres. */
  imperial?: boolean;
}

/** A length in its display unit (SPEC.md §9): metric in kilometres over 1,000 m, else metres;
 *  imperial in miles over 1,760 yd, else yards. Exactly 1,000 m stays '1,000.000 ม.'. */
export function lengthInUnit(metres: number, { imperial = false }: LengthOptions = {}): { value: number; unit: 'km' | 'm' | 'mi' | 'yd' } {
  if (imperial) {
    // Compared in metres: 1609.344 / 0.9144 is 1760.0000000000002 in floating point.
    return Math.abs(metres) > METRES_PER_MILE
      ? { value: metres / METRES_PER_MILE, unit: 'mi' }
      : { value: metres / METRES_PER_YARD, unit: 'yd' };
  }
  return Math.abs(metres) > 1000 ? { value: metres / 1000, unit: 'km' } : { value: metres, unit: 'm' };
}

/** A length as text: '1.500 กม.', '250.000 ม.', '1.000 ไมล์' (imperial), '100.000 หลา'. */
export function formatLength(metres: number, options: LengthOptions = {}): string {
  const { value, unit } = lengthInUnit(metres, options);
  return `${formatThaiNumber(value)} ${unitLabels[unit]}`;
}

interface FormattedArea {
  /** Whole rai and ngan, square wah with 3 decimals, e.g. '1 ไร่ 0 งาน 0.000 ตร.วา'. */
  primary: string;
  /** Square metres, e.g. '1,600.000 ตร.ม.'. */
  secondary: string;
}

/** An area with rai first and square metres second (SPEC.md §9 measure default "area in rai
 *  (sq m secondary)"); the rai as a title deed writes them (formatRaiNganWah). */
export function formatArea(sqm: number): FormattedArea {
  return {
    primary: formatRaiNganWah(sqm),
    secondary: `${formatThaiNumber(sqm)} ${unitLabels.sqm}`,
  };
}

/** An area as rai, ngan and square wah (SPEC.md §9 "area shown as rai, ngan, square wah"), e.g.
 *  2,050 sq m -> '1 ไร่ 1 งาน 12.500 ตร.วา'. The wah are rounded to 3 decimals first, carrying. */
export function formatRaiNganWah(sqm: number): string {
  if (!Number.isFinite(sqm)) return '-';
  const { rai, ngan, wah } = toRaiNganWah(sqm, 3);
  const whole = new Intl.NumberFormat('th-TH', { maximumFractionDigits: 0 });
  return `${whole.format(rai)} ${unitLabels.rai} ${whole.format(ngan)} ${unitLabels.ngan} ${formatThaiNumber(wah)} ${unitLabels.wah}`;
}

/** One coordinate in degrees, minutes and seconds with 2-decimal seconds and a hemisphere letter,
 *  e.g. 13.7563 as 'lat' -> `13° 45' 22.68" N`; -8.5 as 'lng' -> `8° 30' 0.00" W`. */
export function toDMS(degrees: number, axis: 'lat' | 'lng'): string {
  if (!Number.isFinite(degrees)) throw new RangeError(`toDMS: not a finite coordinate: ${degrees}`);
  const hemisphere = axis === 'lat' ? (degrees < 0 ? 'S' : 'N') : degrees < 0 ? 'W' : 'E';
  // Whole hundredths of a second, so rounding 59.999" up carries into the minutes and degrees.
  const hundredths = Math.round(Math.abs(degrees) * 360_000);
  const d = Math.floor(hundredths / 360_000);
  const m = Math.floor((hundredths % 360_000) / 6_000);
  const s = (hundredths % 6_000) / 100;
  return `${d}° ${m}' ${s.toFixed(2)}" ${hemisphere}`;
}

/** A point in degrees, minutes and seconds, latitude first (SPEC.md §2 measure result "last point
 *  in degrees-minutes-seconds"), e.g. `13° 45' 22.68" N, 100° 30' 6.48" E`. */
export function formatCoordDMS(lat: number, lng: number): string {
  return `${toDMS(lat, 'lat')}, ${toDMS(lng, 'lng')}`;
}

/** A point in decimal degrees with 6 decimals, latitude first, no grouping (SPEC.md §2, §9), e.g.
 *  '13.756300, 100.501800' (the 'lat, lng' form of the proposal form's coordinates). */
export function formatCoordDecimal(lat: number, lng: number): string {
  const fixed = (n: number) => {
    if (!Number.isFinite(n)) throw new RangeError(`formatCoordDecimal: not a finite coordinate: ${n}`);
    const text = n.toFixed(6);
    return text === '-0.000000' ? '0.000000' : text;
  };
  return `${fixed(lat)}, ${fixed(lng)}`;
}

/** Buddhist era (พ.ศ.) = Common era + 543, e.g. 2024 -> 2567. */
const BUDDHIST_ERA_OFFSET = 543;

export function toBuddhistYear(gregorianYear: number): number {
  return gregorianYear + BUDDHIST_ERA_OFFSET;
}

export function toGregorianYear(buddhistYear: number): number {
  return buddhistYear - BUDDHIST_ERA_OFFSET;
}

/** Dates are shown in Thailand's time zone unless the caller gives another. */
const THAI_TIME_ZONE = 'Asia/Bangkok';

/** A date in Thai with the Buddhist-era year (locale 'th-TH-u-ca-buddhist'), long date style by
 *  default, in Bangkok time: 2024-01-15 -> '15 มกราคม 2567'. `options` are Intl.DateTimeFormat
 *  options (e.g. `{ dateStyle: 'medium', timeStyle: 'short' }`). An invalid date throws a RangeError. */
export function formatThaiDate(date: Date | number | string, options: Intl.DateTimeFormatOptions = {}): string {
  const value = date instanceof Date ? date : new Date(date);
  const hasFields = ['dateStyle', 'timeStyle', 'year', 'month', 'day', 'weekday', 'hour', 'minute', 'second'].some(
    (key) => key in options,
  );
  return new Intl.DateTimeFormat('th-TH-u-ca-buddhist', {
    timeZone: THAI_TIME_ZONE,
    ...(hasFields ? {} : { dateStyle: 'long' }),
    ...options,
  }).format(value);
}

/** The Buddhist-era year of a moment in Bangkok time (31 Dec 2024 20:00 UTC is already 2568). */
export function buddhistYearOf(date: Date | number | string, timeZone = THAI_TIME_ZONE): number {
  const value = date instanceof Date ? date : new Date(date);
  const year = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric' }).format(value);
  return toBuddhistYear(Number(year));
}

/** An ISO date or date-time as data holds it: '2024-12-31', '2024-12-31T07:30:00Z', '2024-12-31 14:30'. */
const ISO_DATE_TEXT = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?(Z|[+-]\d{2}(?::?\d{2})?)?)?$/;

/** An ISO date as a Thai visitor reads it, Buddhist era with the short month (SPEC.md §9):
 *  '2024-12-31' -> '31 ธ.ค. 2567'; a date-time adds the time: '31 ธ.ค. 2567 14:30 น.' (with a
 *  zone: in Bangkok time; without one: the clock time as written). Undefined when `text` is not
 *  an ISO date. */
export function formatIsoDateText(text: string): string | undefined {
  const m = ISO_DATE_TEXT.exec(text.trim());
  if (!m) return undefined;
  const [, y, mo, d, hh, mm, zone] = m;
  const wallClock = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(hh ?? 0), Number(mm ?? 0));
  const moment = zone ? new Date(text.trim().replace(' ', 'T')) : new Date(wallClock);
  const written = new Date(wallClock);
  if (Number.isNaN(moment.getTime()) || written.getUTCMonth() !== Number(mo) - 1 || written.getUTCDate() !== Number(d)) return undefined;
  const timeZone = zone ? THAI_TIME_ZONE : 'UTC';
  const date = formatThaiDate(moment, { day: 'numeric', month: 'short', year: 'numeric', timeZone });
  if (hh === undefined) return date;
  return `${date} ${formatThaiDate(moment, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone })} น.`;
}
