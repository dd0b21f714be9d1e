// UTM conversion for the proposal PDF (SPEC.md §9: zone 47): proj4 against an independent
// implementation of the Transverse Mercator series (Krüger / Karney 2011, 6th order in n).
import { describe, expect, it } from 'vitest';
import { parseLatLng, PROPOSAL_UTM_ZONE, toUtm } from '../../../src/proposal/geo/utm.ts';

/** WGS 84 -> UTM by the Krüger n-series (independent of proj4). */
function krueger(latDeg: number, lngDeg: number, zone: number): { easting: number; northing: number } {
  const a = 6378137;
  const f = 1 / 298.257223563;
  const k0 = 0.9996;
  const n = f / (2 - f);
  const n2 = n * n, n3 = n2 * n, n4 = n3 * n, n5 = n4 * n, n6 = n5 * n;
  const A = (a / (1 + n)) * (1 + n2 / 4 + n4 / 64 + n6 / 256);
  const alpha = [
    0,
    n / 2 - (2 / 3) * n2 + (5 / 16) * n3 + (41 / 180) * n4 - (127 / 288) * n5 + (7891 / 37800) * n6,
    (13 / 48) * n2 - (3 / 5) * n3 + (557 / 1440) * n4 + (281 / 630) * n5 - (1983433 / 1935360) * n6,
    (61 / 240) * n3 - (103 / 140) * n4 + (15061 / 26880) * n5 + (167603 / 181440) * n6,
    (49561 / 161280) * n4 - (179 / 168) * n5 + (6601661 / 7257600) * n6,
    (34729 / 80640) * n5 - (3418889 / 1995840) * n6,
    (212378941 / 319334400) * n6,
  ];
  const phi = (latDeg * Math.PI) / 180;
  const lambda = ((lngDeg - (zone * 6 - 183)) * Math.PI) / 180;
  const e = Math.sqrt(f * (2 - f));
  const t = Math.sinh(Math.atanh(Math.sin(phi)) - e * Math.atanh(e * Math.sin(phi)));
  const xiP = Math.atan2(t, Math.cos(lambda));
  const etaP = Math.atanh(Math.sin(lambda) / Math.sqrt(1 + t * t));
  let xi = xiP;
  let eta = etaP;
  for (let j = 1; j <= 6; j++) {
    xi += alpha[j]! * Math.sin(2 * j * xiP) * Math.cosh(2 * j * etaP);
    eta += alpha[j]! * Math.cos(2 * j * xiP) * Math.sinh(2 * j * etaP);
  }
  return { easting: 500000 + k0 * A * eta, northing: (latDeg < 0 ? 10000000 : 0) + k0 * A * xi };
}

describe('toUtm (zone 47N for the proposal)', () => {
  it('converts the default map centre 13.736717 N 100.523186 E', () => {
    const u = toUtm(13.736717, 100.523186);
    expect(u.zone).toBe(PROPOSAL_UTM_ZONE);
    expect(u.zone).toBe(47);
    expect(u.hemisphere).toBe('N');
    // 47P 664693 1519129 (to the metre; both implementations agree to the millimetre)
    expect(Math.round(u.easting)).toBe(664693);
    expect(Math.round(u.northing)).toBe(1519129);
    const k = krueger(13.736717, 100.523186, 47);
    expect(u.easting).toBeCloseTo(k.easting, 3);
    expect(u.northing).toBeCloseTo(k.northing, 3);
  });

  it('agrees with the Krüger series to the millimetre across Thailand (zone 47 kept east of 102°E)', () => {
    const points: Array<[number, number]> = [
      [5.62, 101.14], // Betong
      [7.1989, 100.5954], // Songkhla
      [9.9606, 98.6364], // Ranong
      [12.5684, 99.9577], // Hua Hin
      [13.3611, 100.9847], // Chonburi
      [12.2428, 102.5175], // Trat: outside zone 47, still reported in zone 47
      [18.7883, 98.9853], // Chiang Mai
      [20.4273, 99.8826], // Mae Sai
    ];
    for (const [lat, lng] of points) {
      const u = toUtm(lat, lng);
      const k = krueger(lat, lng, 47);
      expect(Math.abs(u.easting - k.easting), `${lat},${lng} easting`).toBeLessThan(0.001);
      expect(Math.abs(u.northing - k.northing), `${lat},${lng} northing`).toBeLessThan(0.001);
    }
  });

  it('puts the central meridian 99°E at easting 500,000 and the equator at northing 0', () => {
    const u = toUtm(0, 99);
    expect(u.easting).toBeCloseTo(500000, 6);
    expect(u.northing).toBeCloseTo(0, 6);
  });

  it('uses the southern false northing below the equator and other zones on request', () => {
    const u = toUtm(-33.8688, 151.2093, 56);
    expect(u.hemisphere).toBe('S');
    const k = krueger(-33.8688, 151.2093, 56);
    expect(u.easting).toBeCloseTo(k.easting, 3);
    expect(u.northing).toBeCloseTo(k.northing, 3);
    expect(u.northing).toBeGreaterThan(6_000_000);
  });

  it('rejects coordinates and zones out of range', () => {
    expect(() => toUtm(91, 0)).toThrow(RangeError);
    expect(() => toUtm(0, 181)).toThrow(RangeError);
    expect(() => toUtm(Number.NaN, 100)).toThrow(RangeError);
    expect(() => toUtm(13, 100, 0)).toThrow(RangeError);
    expect(() => toUtm(13, 100, 61)).toThrow(RangeError);
  });
});

describe('parseLatLng (the form\'s coordinate text)', () => {
  it('reads "lat,lng" with or without one space after the comma', () => {
    expect(parseLatLng('13.7,100.5')).toEqual({ lat: 13.7, lng: 100.5 });
    expect(parseLatLng('13.7, 100.5')).toEqual({ lat: 13.7, lng: 100.5 });
    expect(parseLatLng('-8.25, -179.999999')).toEqual({ lat: -8.25, lng: -179.999999 });
    expect(parseLatLng('90,180')).toEqual({ lat: 90, lng: 180 });
  });

  it('rejects what the form pattern rejects', () => {
    for (const bad of ['91,0', '0,181', 'abc', '13.7;100.5', '13.7,  100.5', '', '13.7', '13.7,100.5,1']) expect(parseLatLng(bad), bad).toBeNull();
    expect(parseLatLng(undefined)).toBeNull();
    expect(parseLatLng(13.7)).toBeNull();
  });
});
