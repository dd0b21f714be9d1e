import { describe, expect, it } from 'vitest';
import {
  buddhistYearOf,
  formatArea,
  formatCoordDecimal,
  formatCoordDMS,
  formatLength,
  formatRaiNganWah,
  formatThaiDate,
  formatThaiNumber,
  lengthInUnit,
  sqmToNgan,
  sqmToRai,
  sqmToSqkm,
  sqmToWah,
  toBuddhistYear,
  toDMS,
  toGregorianYear,
  toRaiNganWah,
} from '../../src/engine/units.ts';

// Expected values below are worked out by hand from the unit definitions (1 rai = 4 ngan =
// 400 square wah = 1,600 sq m; 1 ngan = 400 sq m; 1 square wah = 4 sq m; 1 yd = 0.9144 m;
// 1 mile = 1,760 yd), not from the code under test.

describe('area conversions (SPEC.md §9 Units: sq km = sq m x 0.000001; rai = sq m / 1600; ngan 0.0025)', () => {
  it('§9 1 rai = 1,600 sq m = 4 ngan = 400 square wah', () => {
    expect(sqmToRai(1600)).toBe(1);
    expect(sqmToNgan(1600)).toBe(4);
    expect(sqmToWah(1600)).toBe(400);
    expect(toRaiNganWah(1600)).toEqual({ rai: 1, ngan: 0, wah: 0 });
  });

  it('§9 per sq m: 0.000625 rai, 0.0025 ngan, 0.25 square wah, 0.000001 sq km', () => {
    expect(sqmToRai(1)).toBe(0.000625);
    expect(sqmToNgan(1)).toBe(0.0025);
    expect(sqmToWah(1)).toBe(0.25);
    expect(sqmToSqkm(1)).toBe(0.000001);
  });

  it('§9 sq km = sq m x 0.000001', () => {
    expect(sqmToSqkm(1_000_000)).toBe(1);
    expect(sqmToSqkm(1_234_567)).toBe(1.234567);
    expect(sqmToSqkm(0)).toBe(0);
  });

  it('§9 toRaiNganWah: 1 ngan = 400 sq m, 1 square wah = 4 sq m', () => {
    expect(toRaiNganWah(400)).toEqual({ rai: 0, ngan: 1, wah: 0 });
    expect(toRaiNganWah(4)).toEqual({ rai: 0, ngan: 0, wah: 1 });
    expect(toRaiNganWah(0)).toEqual({ rai: 0, ngan: 0, wah: 0 });
  });

  it('§9 toRaiNganWah: whole rai and ngan, wah with decimals', () => {
    // 2,050 = 1,600 + 400 + 50 sq m; 50 / 4 = 12.5 wah.
    expect(toRaiNganWah(2050)).toEqual({ rai: 1, ngan: 1, wah: 12.5 });
    // 7,999 = 4 x 1,600 + 3 x 400 + 399 sq m; 399 / 4 = 99.75 wah.
    expect(toRaiNganWah(7999)).toEqual({ rai: 4, ngan: 3, wah: 99.75 });
    // 1 sq m = 0.25 wah; 1,234.5678 = 3 x 400 + 34.5678; 34.5678 / 4 = 8.64195 wah.
    expect(toRaiNganWah(1)).toEqual({ rai: 0, ngan: 0, wah: 0.25 });
    expect(toRaiNganWah(1234.5678)).toEqual({ rai: 0, ngan: 3, wah: 8.64195 });
    // 1,000 rai exactly.
    expect(toRaiNganWah(1_600_000)).toEqual({ rai: 1000, ngan: 0, wah: 0 });
  });

  it('§9 toRaiNganWah carries float noise that rounds up to 100 wah into ngan and rai', () => {
    expect(toRaiNganWah(1599.99999999)).toEqual({ rai: 1, ngan: 0, wah: 0 });
    expect(toRaiNganWah(0.1 + 0.2 + 399.7)).toEqual({ rai: 0, ngan: 1, wah: 0 });
    // With 3 wah decimals 1,599.999 sq m (399.99975 wah) already rounds to 1 rai.
    expect(toRaiNganWah(1599.999, 3)).toEqual({ rai: 1, ngan: 0, wah: 0 });
    expect(toRaiNganWah(1599.999)).toEqual({ rai: 0, ngan: 3, wah: 99.99975 });
  });

  it('toRaiNganWah negates every part of a negative area and refuses non-finite areas', () => {
    expect(toRaiNganWah(-2050)).toEqual({ rai: -1, ngan: -1, wah: -12.5 });
    expect(Object.is(toRaiNganWah(-400).wah, 0)).toBe(true);
    expect(() => toRaiNganWah(Number.NaN)).toThrow(RangeError);
    expect(() => toRaiNganWah(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

describe('formatThaiNumber (SPEC.md §9 "numbers shown with exactly 3 decimals in Thai locale")', () => {
  it('§9 groups thousands and always shows exactly 3 decimals', () => {
    expect(formatThaiNumber(1234.5)).toBe('1,234.500');
    expect(formatThaiNumber(0)).toBe('0.000');
    expect(formatThaiNumber(7)).toBe('7.000');
    expect(formatThaiNumber(1_000_000_000)).toBe('1,000,000,000.000');
    expect(formatThaiNumber(-1234.5)).toBe('-1,234.500');
  });

  it('§9 rounds to 3 decimals, half away from zero', () => {
    expect(formatThaiNumber(2.0625)).toBe('2.063'); // exactly representable half
    expect(formatThaiNumber(0.12345678)).toBe('0.123');
    expect(formatThaiNumber(999.9996)).toBe('1,000.000');
  });

  it('prints a value that rounds to zero without a minus sign, and "-" for NaN and infinities', () => {
    expect(formatThaiNumber(-0.0001)).toBe('0.000');
    expect(formatThaiNumber(-0)).toBe('0.000');
    expect(formatThaiNumber(Number.NaN)).toBe('-');
    expect(formatThaiNumber(Number.NEGATIVE_INFINITY)).toBe('-');
  });
});

describe('formatLength (SPEC.md §9 "distances over 1000 m in km, imperial over 1760 yd in miles")', () => {
  it('§9 metric: metres up to 1,000 m, kilometres over', () => {
    expect(formatLength(0)).toBe('0.000 ม.');
    expect(formatLength(999)).toBe('999.000 ม.');
    expect(formatLength(1000)).toBe('1,000.000 ม.');
    expect(formatLength(1500)).toBe('1.500 กม.');
    expect(formatLength(12_345.6)).toBe('12.346 กม.');
    expect(lengthInUnit(1000.5)).toEqual({ value: 1.0005, unit: 'km' });
  });

  it('§9 imperial: yards up to 1,760 yd (1,609.344 m), miles over', () => {
    expect(formatLength(914.4, { imperial: true })).toBe('1,000.000 หลา'); // 914.4 / 0.9144
    expect(formatLength(1609.344, { imperial: true })).toBe('1,760.000 หลา'); // exactly 1 mile: not over
    expect(formatLength(3218.688, { imperial: true })).toBe('2.000 ไมล์');
    expect(lengthInUnit(1610, { imperial: true }).unit).toBe('mi');
    expect(lengthInUnit(1609, { imperial: true }).unit).toBe('yd');
  });

  it('picks the unit by magnitude for negative lengths too', () => {
    expect(formatLength(-1500)).toBe('-1.500 กม.');
  });
});

describe('formatArea (SPEC.md §9 "area in rai (sq m secondary)")', () => {
  it('§9 rai first (whole rai and ngan, square wah with 3 decimals: issue 16), square metres second', () => {
    expect(formatArea(1600)).toEqual({ primary: '1 ไร่ 0 งาน 0.000 ตร.วา', secondary: '1,600.000 ตร.ม.' });
    // 2,050 sq m = 1 rai 1 ngan 12.5 square wah.
    expect(formatArea(2050)).toEqual({ primary: '1 ไร่ 1 งาน 12.500 ตร.วา', secondary: '2,050.000 ตร.ม.' });
    expect(formatArea(0)).toEqual({ primary: '0 ไร่ 0 งาน 0.000 ตร.วา', secondary: '0.000 ตร.ม.' });
  });

  it('§9 "area shown as rai, ngan, square wah"', () => {
    expect(formatRaiNganWah(2050)).toBe('1 ไร่ 1 งาน 12.500 ตร.วา');
    expect(formatRaiNganWah(1_600_000)).toBe('1,000 ไร่ 0 งาน 0.000 ตร.วา');
    expect(formatRaiNganWah(1599.9999)).toBe('1 ไร่ 0 งาน 0.000 ตร.วา'); // 399.999975 wah rounds to 400.000
    expect(formatRaiNganWah(Number.NaN)).toBe('-');
  });
});

describe('coordinates (SPEC.md §2 measure result, §9 "Coordinates 6 decimals")', () => {
  it('§2 degrees, minutes and seconds with a hemisphere', () => {
    // 0.7563 deg = 45.378 min; 0.378 min = 22.68 s. 0.5018 deg = 30.108 min; 0.108 min = 6.48 s.
    expect(toDMS(13.7563, 'lat')).toBe(`13° 45' 22.68" N`);
    expect(toDMS(100.5018, 'lng')).toBe(`100° 30' 6.48" E`);
    expect(formatCoordDMS(13.7563, 100.5018)).toBe(`13° 45' 22.68" N, 100° 30' 6.48" E`);
    expect(formatCoordDMS(-8.5, -0.25)).toBe(`8° 30' 0.00" S, 0° 15' 0.00" W`);
    expect(formatCoordDMS(0, 0)).toBe(`0° 0' 0.00" N, 0° 0' 0.00" E`);
  });

  it('§2 seconds that round to 60.00 carry into minutes and degrees', () => {
    // 0.9999999 deg = 3,599.99964 s, which rounds to 3,600.00 s = 1 deg.
    expect(toDMS(10.9999999, 'lat')).toBe(`11° 0' 0.00" N`);
    // 0.0166666 deg = 59.99976 s -> 1' 0.00".
    expect(toDMS(0.0166666, 'lng')).toBe(`0° 1' 0.00" E`);
  });

  it('§9 decimal degrees with 6 decimals, latitude first', () => {
    expect(formatCoordDecimal(13.7563, 100.5018)).toBe('13.756300, 100.501800');
    expect(formatCoordDecimal(13.0402201, 102.1102309)).toBe('13.040220, 102.110231');
    expect(formatCoordDecimal(-0.0000001, -1.5)).toBe('0.000000, -1.500000');
  });

  it('refuses non-finite coordinates', () => {
    expect(() => toDMS(Number.NaN, 'lat')).toThrow(RangeError);
    expect(() => formatCoordDecimal(1, Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

describe('Buddhist-era dates (SPEC.md §9 "Thai locale with Buddhist-era year for dates")', () => {
  it('§9 Buddhist era = common era + 543', () => {
    expect(toBuddhistYear(2024)).toBe(2567);
    expect(toGregorianYear(2569)).toBe(2026);
  });

  it('§9 formats with th-TH-u-ca-buddhist, long date style, in Bangkok time', () => {
    expect(formatThaiDate(new Date('2024-01-15T00:00:00Z'))).toBe('15 มกราคม 2567');
    // 18:00 UTC on 31 Dec 2024 is 01:00 on 1 Jan 2025 in Bangkok (UTC+7).
    expect(formatThaiDate('2024-12-31T18:00:00Z')).toBe('1 มกราคม 2568');
    expect(formatThaiDate(Date.UTC(2019, 5, 1))).toBe('1 มิถุนายน 2562');
  });

  it('§9 takes Intl options instead of the default style', () => {
    expect(formatThaiDate('2024-01-15T00:00:00Z', { dateStyle: 'full' })).toBe('วันจันทร์ที่ 15 มกราคม พ.ศ. 2567');
    expect(formatThaiDate('2024-01-15T00:00:00Z', { year: 'numeric' })).toMatch(/2567/);
    expect(formatThaiDate('2024-01-15T00:00:00Z', { dateStyle: 'medium', timeStyle: 'short' })).toBe('15 ม.ค. 2567 07:00');
  });

  it('§9 buddhistYearOf uses Bangkok time', () => {
    expect(buddhistYearOf('2024-12-31T16:59:59Z')).toBe(2567);
    expect(buddhistYearOf('2024-12-31T17:00:00Z')).toBe(2568);
    expect(buddhistYearOf('2024-12-31T17:00:00Z', 'UTC')).toBe(2567);
  });

  it('refuses an invalid date', () => {
    expect(() => formatThaiDate('not a date')).toThrow(RangeError);
  });
});
