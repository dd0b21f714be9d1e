// The polyline layer module (SPEC.md §3 spatialData.polyline): a line through its points, in order.
import { describe, expect, it } from 'vitest';
import { polylineDefinition, type PolylineTemplate } from '../../../src/layers/polyline/definition.ts';
import { ictx, testApp as app } from './helpers.ts';

describe('polyline', () => {
  it('one LineString through the points in order, not closed', () => {
    const t: PolylineTemplate = { id: 'transect', type: 'polyline', name: 'แนวสำรวจ', coordinates: [[100.5, 13.5], [100.6, 13.6], [100.5, 13.5]], color: '#FF0000' };
    const inst = polylineDefinition.instantiate(t, ictx(app));
    expect(inst).toEqual({ id: 'transect', name: 'แนวสำรวจ', type: 'polyline', color: '#FF0000', options: {} });
    expect(polylineDefinition.features!(t, inst)).toEqual({
      type: 'FeatureCollection',
      features: [{ type: 'Feature', geometry: { type: 'LineString', coordinates: [[100.5, 13.5], [100.6, 13.6], [100.5, 13.5]] }, properties: {} }],
    });
  });

  it('copies the coordinates (the template is not shared with the drawn feature)', () => {
    const t: PolylineTemplate = { id: 'l', type: 'polyline', name: 'l', coordinates: [[1, 2], [3, 4]] };
    const g = polylineDefinition.features!(t, polylineDefinition.instantiate(t, ictx(app))).features[0]!.geometry;
    expect(g.type === 'LineString' && g.coordinates[0]).not.toBe(t.coordinates[0]);
  });
});
