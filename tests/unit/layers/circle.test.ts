// The circle layer module (SPEC.md §3 "Default circle radius 100"): a geodesic polygon of the
// radius in metres around its centre, drawn from config alone.
import { describe, expect, it } from 'vitest';
import { geodesicDistance } from '../../../src/engine/geodesic.ts';
import { circleDefinition, type CircleTemplate } from '../../../src/layers/circle/definition.ts';
import { ictx, testApp as app, validTemplate } from './helpers.ts';

const ringOf = (raw: Record<string, unknown>) => {
  const t = validTemplate<CircleTemplate>(raw);
  const fc = circleDefinition.features!(t, circleDefinition.instantiate(t, ictx(app)));
  expect(fc.features).toHaveLength(1);
  const g = fc.features[0]!.geometry;
  if (g.type !== 'Polygon') throw new Error(`expected a Polygon, got ${g.type}`);
  return { ring: g.coordinates[0] as Array<[number, number]>, properties: fc.features[0]!.properties };
};

describe('circle', () => {
  it('§3 default radius 100 m: a config without radius gets the schema default (ajv useDefaults), every ring vertex 100 m (WGS84 geodesic, within 0.5 m) from the centre', () => {
    const center: [number, number] = [100.5231, 13.7367];
    const { ring, properties } = ringOf({ id: 'c', type: 'circle', name: 'c', center });
    expect(properties).toEqual({ radius_m: 100 });
    expect(ring.length).toBeGreaterThanOrEqual(33);
    for (const p of ring) expect(Math.abs(geodesicDistance(center, p) - 100)).toBeLessThan(0.5);
  });

  it('the ring is closed and goes all the way round (north, east, south and west of the centre)', () => {
    const center: [number, number] = [100.5231, 13.7367];
    const { ring } = ringOf({ id: 'c', type: 'circle', name: 'c', center });
    expect(ring.at(-1)).toEqual(ring[0]);
    expect(ring.some(([, lat]) => lat > center[1] + 0.0008)).toBe(true);
    expect(ring.some(([, lat]) => lat < center[1] - 0.0008)).toBe(true);
    expect(ring.some(([lon]) => lon > center[0] + 0.0008)).toBe(true);
    expect(ring.some(([lon]) => lon < center[0] - 0.0008)).toBe(true);
  });

  it('a given radius (500 m, at 20°N) is kept to the same tolerance', () => {
    const center: [number, number] = [99.0, 20.0];
    const { ring, properties } = ringOf({ id: 'c', type: 'circle', name: 'c', center, radius: 500 });
    expect(properties).toEqual({ radius_m: 500 });
    for (const p of ring) expect(Math.abs(geodesicDistance(center, p) - 500)).toBeLessThan(0.5);
  });

  it('ellipsoidal, not spherical: a 10 km circle at 7°N is within 1 mm of its radius everywhere', () => {
    const center: [number, number] = [100.6, 7.2];
    const { ring } = ringOf({ id: 'c', type: 'circle', name: 'c', center, radius: 10_000 });
    for (const p of ring) expect(Math.abs(geodesicDistance(center, p) - 10_000)).toBeLessThan(0.001);
  });

  it('instantiates with the common fields only; offers no data; no feature info', () => {
    const t = validTemplate<CircleTemplate>({ id: 'site', type: 'circle', name: 'รัศมี', center: [100.5, 13.7], color: '#FF0000', opacity: 0.5 });
    expect(circleDefinition.instantiate(t, ictx(app))).toEqual({ id: 'site', name: 'รัศมี', type: 'circle', color: '#FF0000', opacity: 0.5, options: {} });
    expect(circleDefinition.offersData).toBe(false);
    expect(circleDefinition.featureInfo).toBe('none');
  });
});
