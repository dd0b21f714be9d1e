// The polygon layer module (SPEC.md §3 spatialData.polygon): a filled area from its corners,
// the ring closed automatically.
import { describe, expect, it } from 'vitest';
import { polygonDefinition, type PolygonTemplate } from '../../../src/layers/polygon/definition.ts';
import { ictx, testApp as app } from './helpers.ts';

const geometryOf = (t: PolygonTemplate) => polygonDefinition.features!(t, polygonDefinition.instantiate(t, ictx(app))).features[0]?.geometry;

describe('polygon', () => {
  it('the ring is closed: the first corner repeated at the end', () => {
    const t: PolygonTemplate = { id: 'area', type: 'polygon', name: 'พื้นที่ศึกษา', coordinates: [[100.5, 13.5], [100.7, 13.5], [100.6, 13.7]] };
    expect(geometryOf(t)).toEqual({ type: 'Polygon', coordinates: [[[100.5, 13.5], [100.7, 13.5], [100.6, 13.7], [100.5, 13.5]]] });
  });

  it('an already closed ring is not closed twice', () => {
    const t: PolygonTemplate = { id: 'area', type: 'polygon', name: 'x', coordinates: [[100.5, 13.5], [100.7, 13.5], [100.6, 13.7], [100.5, 13.5]] };
    const g = geometryOf(t);
    expect(g?.type === 'Polygon' && g.coordinates[0]).toHaveLength(4);
  });

  it('instance: the common fields, no request options', () => {
    const t: PolygonTemplate = { id: 'area', type: 'polygon', name: 'x', coordinates: [[1, 1], [2, 1], [2, 2]], color: '#2AA7FE', opacity: 0.4 };
    expect(polygonDefinition.instantiate(t, ictx(app))).toEqual({ id: 'area', name: 'x', type: 'polygon', color: '#2AA7FE', opacity: 0.4, options: {} });
    expect(polygonDefinition.load).toBeUndefined();
  });
});
