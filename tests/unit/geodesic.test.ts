// Geodesic length and area (SPEC.md §3 Measurement result) against independent references:
// PostGIS geography ST_Length / ST_Area / ST_Perimeter (Karney's algorithms on WGS84), computed
// once with PGlite + pglite-postgis and kept here as numbers. Both sides are Karney's geodesics now
// (geographiclib-geodesic), so the tolerance is 1e-6 relative (the old Vincenty + authalic-sphere
// areas were 2.3e-6 off on the 4° × 5° rectangle and 8.1e-6 at 60°N); tests/server/geodesic-postgis.test.ts
// asks PostGIS itself.
import { describe, expect, it } from 'vitest';
import { geodesicArea, geodesicDistance, geodesicLength, geodesicPerimeter } from '../../src/engine/geodesic.ts';
import type { LngLat } from '../../src/engine/geodesic.ts';

const within = (actual: number, reference: number, relative = 1e-6) =>
  expect(Math.abs(actual - reference) / reference, `${actual} vs ${reference}`).toBeLessThan(relative);

describe('geodesic length (WGS84, Karney)', () => {
  it.each<[string, LngLat[], number]>([
    ['Bangkok, ~15 km', [[100.5, 13.7], [100.6, 13.8]], 15471.56089427376],
    ['three Thai points', [[98.3, 7.9], [102.1, 12.6], [100.9, 6.5]], 1353356.8104431075],
    ['nearly half the equator', [[0, 0], [179, 1]], 19860509.237561353],
  ])('%s matches PostGIS ST_Length', (_, points, reference) => within(geodesicLength(points), reference));

  it('one point and repeated points have no length', () => {
    expect(geodesicLength([[100, 13]])).toBe(0);
    expect(geodesicDistance([100, 13], [100, 13])).toBe(0);
  });

  it('a degree of latitude on the equator is the published 110 574 m', () => within(geodesicDistance([0, 0], [0, 1]), 110574.3886));
});

describe('geodesic area (WGS84 ellipsoid, Karney)', () => {
  it.each<[string, LngLat[], number, number]>([
    ['Bangkok triangle, ~0.6 sq km', [[100.5, 13.7], [100.51, 13.7], [100.51, 13.71]], 598392.9639744759, 3735.3904349457525],
    ['Thai rectangle, 4° × 5°', [[98, 7], [102, 7], [102, 12], [98, 12]], 242909628072.39795, 1983638.3071465674],
    ['small triangle, ~4.5 rai', [[100.9, 12.9], [100.9012, 12.9], [100.9006, 12.901]], 7203.8451512008905, 386.97553200163696],
    ['Norwegian triangle at 60°N', [[10, 60], [11, 60], [11, 61]], 3108617674.8117676, 291453.32967722835],
  ])('%s matches PostGIS ST_Area and ST_Perimeter', (_, points, area, perimeter) => {
    within(geodesicArea(points), area);
    within(geodesicArea([...points].reverse()), area);
    within(geodesicArea([...points, points[0]!]), area);
    within(geodesicPerimeter(points), perimeter);
  });

  it('fewer than 3 points have no area', () => {
    expect(geodesicArea([])).toBe(0);
    expect(geodesicArea([[100, 13], [101, 13]])).toBe(0);
  });
});
