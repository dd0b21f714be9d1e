// The circlemarker layer module (SPEC.md §3): a point drawn as a circle of a fixed size in pixels.
import { describe, expect, it } from 'vitest';
import { circlemarkerDefinition, type CirclemarkerTemplate } from '../../../src/layers/circlemarker/definition.ts';
import { ictx, testApp as app, validTemplate } from './helpers.ts';

describe('circlemarker', () => {
  it('one Point at its centre; the radius in pixels goes to the drawer (default 10)', () => {
    const t: CirclemarkerTemplate = { id: 'gps-default', type: 'circlemarker', name: 'จุดอ้างอิง', center: [102.1102309, 13.0402201], radius: 5, color: '#FF0000' };
    const inst = circlemarkerDefinition.instantiate(t, ictx(app));
    expect(inst).toEqual({ id: 'gps-default', name: 'จุดอ้างอิง', type: 'circlemarker', color: '#FF0000', options: {}, draw: { radiusPx: 5 } });
    expect(circlemarkerDefinition.features!(t, inst)).toEqual({
      type: 'FeatureCollection',
      features: [{ type: 'Feature', geometry: { type: 'Point', coordinates: [102.1102309, 13.0402201] }, properties: {} }],
    });
    const { radius: _r, ...noRadius } = t;
    // the default radius is the schema's, filled in by the loader's validation (ajv useDefaults)
    expect(circlemarkerDefinition.instantiate(validTemplate<CirclemarkerTemplate>(noRadius), ictx(app)).draw).toEqual({ radiusPx: 10 });
  });

  it('is drawn from config: no load, no data offered, no feature info', () => {
    expect(circlemarkerDefinition.load).toBeUndefined();
    expect(circlemarkerDefinition.offersData).toBe(false);
    expect(circlemarkerDefinition.featureInfo).toBe('none');
  });
});
