// The measure tool's map drawing (src/map/tools/measureLayers.ts): nothing is added to the map
// until there is something to draw (issue 13: the empty source and its three layers, added on
// every map's load, cost the first view extra frames), then one source and three layers, updated
// in place from then on, to empty when the result is deleted. The map double records what a
// MapLibre map is asked; measureFeatures is the real function.
import type { FeatureCollection } from 'geojson';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { describe, expect, it } from 'vitest';
import { drawMeasure, MEASURE_SOURCE, measureFeatures } from '../../../src/map/tools/measureLayers.ts';
import type { Measurement } from '../../../src/machines/measure.ts';

function recordingMap(styleLoaded = true) {
  const sources = new Map<string, { data: FeatureCollection }>();
  const layers: string[] = [];
  const waiting: Array<() => void> = [];
  const map = {
    isStyleLoaded: () => styleLoaded,
    once: (_event: 'idle', listener: () => void) => void waiting.push(listener),
    getSource: (id: string) => {
      const source = sources.get(id);
      return source && { setData: (data: FeatureCollection) => void (source.data = data) };
    },
    addSource: (id: string, spec: { data: FeatureCollection }) => void sources.set(id, { data: spec.data }),
    addLayer: (layer: { id: string }) => void layers.push(layer.id),
  };
  return { map: map as unknown as MapLibreMap, sources, layers, becomeIdle: () => ((styleLoaded = true), waiting.splice(0).forEach((f) => f())) };
}

const twoPoints: Measurement = { points: [[100.9, 12.9], [100.91, 12.9]], pointCount: 2 } as Measurement;

describe('drawMeasure', () => {
  it('adds nothing to a map with nothing measured', () => {
    const { map, sources, layers } = recordingMap();
    drawMeasure(map, measureFeatures(null, null));
    expect(sources.size).toBe(0);
    expect(layers).toEqual([]);
  });

  it('adds its source and three layers at the first point, then updates the source in place', () => {
    const { map, sources, layers } = recordingMap();
    drawMeasure(map, measureFeatures(null, null));
    drawMeasure(map, measureFeatures({ points: [[100.9, 12.9]], pointCount: 1 } as Measurement, null));
    expect([...sources.keys()]).toEqual([MEASURE_SOURCE]);
    expect(layers).toEqual([`${MEASURE_SOURCE}-fill`, `${MEASURE_SOURCE}-line`, `${MEASURE_SOURCE}-point`]);
    drawMeasure(map, measureFeatures(twoPoints, null));
    expect(sources.get(MEASURE_SOURCE)!.data.features.map((f) => f.geometry.type)).toEqual(['LineString', 'Point', 'Point']);
    // the result deleted: the source stays, emptied
    drawMeasure(map, measureFeatures(null, null));
    expect(sources.get(MEASURE_SOURCE)!.data.features).toEqual([]);
    expect(layers).toHaveLength(3);
  });

  it('waits for the style when the first point comes before it has loaded', () => {
    const { map, sources, becomeIdle } = recordingMap(false);
    drawMeasure(map, measureFeatures(twoPoints, null));
    expect(sources.size).toBe(0);
    becomeIdle();
    expect(sources.get(MEASURE_SOURCE)!.data.features).toHaveLength(3);
  });
});
