// Items 5.1/5.2/5.4 of the proposal form (SPEC.md §4, §5, §9): coordinate text, 6-decimal map
// clicks, and the straight distance between the two points in metres with 2 decimals. Reference
// distances come from PROJ's `geod` (Karney's geodesic algorithm on WGS 84, the C implementation
// PostGIS geography uses too), independent of the JavaScript port under test (geographiclib-geodesic):
//   printf '<lat1> <lng1> <lat2> <lng2>\n' | geod +ellps=WGS84 -I -f %.6f +units=m
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { FormDoc } from '../../../src/engine/types.ts';
import { formatLatLng, geodesicDistance, LAT_LNG_PATTERN, normaliseLatLng, parseLatLng, samePoint, shoreLength } from '../../../src/proposal/ui/geo.ts';

const form = parse(readFileSync(new URL('../../../config/forms/proposal.yaml', import.meta.url), 'utf8')) as FormDoc;
const configPattern = new RegExp((form.schema as { properties: Record<string, { pattern: string }> }).properties.coordinates!.pattern);

describe('coordinate text (SPEC.md §5)', () => {
  const valid = ['13.7,100.5', '13.7, 100.5', '-90,-180', '90,180', '90.000, 180.0', '0,0', '13.736717, 100.523186', '-8.5,-179.999'];
  const invalid = ['91,0', '0,181', 'abc', '13.7,  100.5', '13.7 ,100.5', '', '13.7', '13.7,100.5,1', '90.1,0', '0,180.5', '+13,100', '13.,100'];

  it.each(valid)('%s is valid and parses', (text) => {
    expect(LAT_LNG_PATTERN.test(text)).toBe(true);
    expect(parseLatLng(text)).not.toBeNull();
  });
  it.each(invalid)('%s is invalid', (text) => {
    expect(LAT_LNG_PATTERN.test(text)).toBe(false);
    expect(parseLatLng(text)).toBeNull();
  });
  it('the pattern is the config’s own (config/forms/proposal.yaml coordinates and coordinatesEnd)', () => {
    expect(LAT_LNG_PATTERN.source).toBe(configPattern.source);
    const end = (form.schema as { properties: Record<string, { pattern: string }> }).properties.coordinatesEnd!.pattern;
    expect(end).toBe(configPattern.source);
    for (const text of [...valid, ...invalid]) expect(configPattern.test(text), text).toBe(LAT_LNG_PATTERN.test(text));
  });
  it('parses numbers, not strings', () => {
    expect(parseLatLng('13.7, 100.5')).toEqual({ lat: 13.7, lng: 100.5 });
    expect(parseLatLng('-7.25,-100')).toEqual({ lat: -7.25, lng: -100 });
    expect(parseLatLng(12)).toBeNull();
  });
});

describe('a map click writes lat, lng with 6 decimals (SPEC.md §4/§9)', () => {
  it('formats with a space after the comma, 6 decimals, and the text is valid', () => {
    const text = formatLatLng({ lat: 13.7367171234, lng: 100.5231859 });
    expect(text).toBe('13.736717, 100.523186');
    expect(LAT_LNG_PATTERN.test(text)).toBe(true);
    expect(formatLatLng({ lat: -0.0000001, lng: 5 })).toBe('0.000000, 5.000000');
  });
  it('wraps longitudes beyond ±180 that a panned map reports', () => {
    expect(normaliseLatLng({ lat: 13, lng: 460.5 })).toEqual({ lat: 13, lng: 100.5 });
    expect(normaliseLatLng({ lat: 95, lng: -190 })).toEqual({ lat: 90, lng: 170 });
    expect(LAT_LNG_PATTERN.test(formatLatLng(normaliseLatLng({ lat: 13.5, lng: 179.9999999 })))).toBe(true);
  });
  it('samePoint compares at the kept precision', () => {
    expect(samePoint({ lat: 13.1234561, lng: 100 }, { lat: 13.1234564, lng: 100 })).toBe(true);
    expect(samePoint({ lat: 13.123456, lng: 100 }, { lat: 13.123457, lng: 100 })).toBe(false);
  });
});

describe('geodesic distance against PROJ geod (WGS 84)', () => {
  // [lat1, lng1, lat2, lng2, metres from geod]
  const cases: Array<[number, number, number, number, number]> = [
    [13.736717, 100.523186, 13.745, 100.53, 1175.972], // Bangkok, the form's default centre
    [13.7, 100.5, 13.7, 100.5001, 10.817], // ten metres
    [7.883, 98.29, 7.9, 98.31, 2898.074], // Phuket
    [12.5, 101.2, 6.5, 102.1, 670943.321], // Gulf of Thailand, north to south
    [0, 0, 0, 1, 111319.491], // along the equator
    [-37.95103341666667, 144.42486789, -37.65282113888889, 143.92649552777778, 54972.271], // Vincenty's 1975 example (Flinders Peak - Buninyong)
  ];
  it.each(cases)('(%f, %f) to (%f, %f) is %f m', (lat1, lng1, lat2, lng2, metres) => {
    expect(Math.abs(geodesicDistance({ lat: lat1, lng: lng1 }, { lat: lat2, lng: lng2 }) - metres)).toBeLessThan(0.001);
    // Symmetric.
    expect(Math.abs(geodesicDistance({ lat: lat2, lng: lng2 }, { lat: lat1, lng: lng1 }) - metres)).toBeLessThan(0.001);
  });
  it('is 0 for the same point and exact near the antipode (where Vincenty does not converge)', () => {
    expect(geodesicDistance({ lat: 13, lng: 100 }, { lat: 13, lng: 100 })).toBe(0);
    // geod: 0 0 0.5 179.7 -> 19944127.421; 0 0 0 180 -> 20003931.459
    expect(Math.abs(geodesicDistance({ lat: 0, lng: 0 }, { lat: 0.5, lng: 179.7 }) - 19944127.421)).toBeLessThan(0.001);
    expect(Math.abs(geodesicDistance({ lat: 0, lng: 0 }, { lat: 0, lng: 180 }) - 20003931.459)).toBeLessThan(0.001);
  });
});

describe('projectShoreLength (item 5.4): metres with 2 decimals, only when both points are valid', () => {
  it('rounds the geodesic distance to 2 decimals', () => {
    expect(shoreLength('13.736717, 100.523186', '13.745, 100.53')).toBe(1175.97);
    expect(shoreLength('7.883,98.29', '7.9, 98.31')).toBe(2898.07);
    expect(shoreLength('13.7, 100.5', '13.7, 100.5')).toBe(0);
  });
  it('is null unless both texts are valid', () => {
    expect(shoreLength('13.7, 100.5', '91, 0')).toBeNull();
    expect(shoreLength(undefined, '13.7, 100.5')).toBeNull();
    expect(shoreLength('abc', '')).toBeNull();
  });
});
