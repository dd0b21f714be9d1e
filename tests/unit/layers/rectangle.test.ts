// The rectangle layer module (SPEC.md §3 spatialData.rectangle): a box [west, south, east, north],
// refused by check:config when its bounds are not a box.
import { describe, expect, it } from 'vitest';
import { rectangleDefinition, type RectangleTemplate } from '../../../src/layers/rectangle/definition.ts';
import { ictx, testApp as app } from './helpers.ts';

const rect = (bounds: number[]): RectangleTemplate => ({ id: 'box', type: 'rectangle', name: 'ขอบเขต', bounds });
const check = (t: RectangleTemplate) => rectangleDefinition.crossCheck!(t, { pickerIds: [], layers: [t] });
const BAD = [{ path: ['bounds'], message: 'bounds must be [west, south, east, north] with west < east, south < north and latitudes within -90..90' }];

describe('rectangle', () => {
  it('a closed polygon ring west-south, east-south, east-north, west-north', () => {
    const t = rect([100.4, 13.4, 100.8, 13.8]);
    const g = rectangleDefinition.features!(t, rectangleDefinition.instantiate(t, ictx(app))).features[0]?.geometry;
    expect(g).toEqual({ type: 'Polygon', coordinates: [[[100.4, 13.4], [100.8, 13.4], [100.8, 13.8], [100.4, 13.8], [100.4, 13.4]]] });
  });

  it('crossCheck accepts a box and refuses swapped corners, an empty box and latitudes beyond ±90', () => {
    expect(check(rect([100.4, 13.4, 100.8, 13.8]))).toEqual([]);
    expect(check(rect([100.8, 13.4, 100.4, 13.8]))).toEqual(BAD);
    expect(check(rect([100.4, 13.8, 100.8, 13.4]))).toEqual(BAD);
    expect(check(rect([100.4, 13.4, 100.4, 13.8]))).toEqual(BAD);
    expect(check(rect([100.4, -95, 100.8, 13.8]))).toEqual(BAD);
    expect(check(rect([100.4, 13.4, 100.8, 120]))).toEqual(BAD);
  });
});
