// SPEC.md §4 "Map bounds": set to null, then to the result 100 ms later, which fits the map
// (max zoom 12, padding 20); §8 invalid bounds: a warning and a pan instead.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bboxOf, boundsStore, iconPadding, isValidBBox, scheduleFit, unionBBox, type BBox } from '../../../src/ui/topic/actions/fit.ts';

function fakeMap() {
  return { fitBounds: vi.fn(), panTo: vi.fn() };
}

describe('§4 fit: null, then the bounds after the delay', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    boundsStore.set({ bounds: [0, 0, 1, 1] });
  });
  afterEach(() => vi.useRealTimers());

  it('sets null at once and the bounds 100 ms later, then fits with max zoom 12 and padding 20', () => {
    const map = fakeMap();
    const seen: Array<BBox | null> = [];
    const unsubscribe = boundsStore.subscribe(() => seen.push(boundsStore.get().bounds));
    scheduleFit([100.3, 6.8, 101.1, 7.9], { delayMs: 100, maxZoom: 12, padding: 20, target: () => map });
    expect(boundsStore.get().bounds).toBeNull();
    vi.advanceTimersByTime(99);
    expect(map.fitBounds).not.toHaveBeenCalled();
    expect(boundsStore.get().bounds).toBeNull();
    vi.advanceTimersByTime(1);
    expect(boundsStore.get().bounds).toEqual([100.3, 6.8, 101.1, 7.9]);
    expect(map.fitBounds).toHaveBeenCalledTimes(1);
    expect(map.fitBounds).toHaveBeenCalledWith(
      [
        [100.3, 6.8],
        [101.1, 7.9],
      ],
      { maxZoom: 12, padding: 20 },
    );
    expect(seen).toEqual([null, [100.3, 6.8, 101.1, 7.9]]);
    unsubscribe();
  });

  it('a newer fit replaces a pending one (only the last result fits)', () => {
    const map = fakeMap();
    scheduleFit([1, 1, 2, 2], { delayMs: 100, maxZoom: 12, padding: 20, target: () => map });
    vi.advanceTimersByTime(50);
    scheduleFit([3, 3, 4, 4], { delayMs: 100, maxZoom: 12, padding: 20, target: () => map });
    vi.advanceTimersByTime(200);
    expect(map.fitBounds).toHaveBeenCalledTimes(1);
    expect(map.fitBounds.mock.calls[0]?.[0]).toEqual([
      [3, 3],
      [4, 4],
    ]);
  });

  it('the cancel function stops a pending fit', () => {
    const map = fakeMap();
    const cancel = scheduleFit([1, 1, 2, 2], { delayMs: 100, maxZoom: 12, padding: 20, target: () => map });
    cancel();
    vi.advanceTimersByTime(200);
    expect(map.fitBounds).not.toHaveBeenCalled();
  });

  it('§8 invalid bounds: a warning, and the map pans instead of fitting', () => {
    const map = fakeMap();
    const warn = vi.fn();
    scheduleFit([101, 8, 100, 7], { delayMs: 100, maxZoom: 12, padding: 20, target: () => map, warn });
    vi.advanceTimersByTime(100);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(map.fitBounds).not.toHaveBeenCalled();
    expect(map.panTo).toHaveBeenCalledWith([100.5, 7.5]);
    scheduleFit([Number.NaN, 0, 1, 1], { delayMs: 100, maxZoom: 12, padding: 20, target: () => map, warn });
    vi.advanceTimersByTime(100);
    expect(warn).toHaveBeenCalledTimes(2);
    expect(map.panTo).toHaveBeenCalledTimes(1);
  });

  it('a point-sized box pans to the point; no map yet does nothing', () => {
    const map = fakeMap();
    scheduleFit([100, 7, 100, 7], { delayMs: 100, maxZoom: 12, padding: 20, target: () => map });
    vi.advanceTimersByTime(100);
    expect(map.panTo).toHaveBeenCalledWith([100, 7]);
    scheduleFit([1, 1, 2, 2], { delayMs: 100, maxZoom: 12, padding: 20, target: () => null });
    expect(() => vi.advanceTimersByTime(100)).not.toThrow();
  });
});

describe('bounds of results', () => {
  it('bboxOf walks every geometry of a collection (multi parts, collections, null geometries)', () => {
    const fc: GeoJSON.FeatureCollection = {
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', properties: {}, geometry: { type: 'MultiPolygon', coordinates: [[[[100, 7], [101, 7], [101, 8], [100, 7]]]] } },
        { type: 'Feature', properties: {}, geometry: null as unknown as GeoJSON.Geometry },
        { type: 'Feature', properties: {}, geometry: { type: 'GeometryCollection', geometries: [{ type: 'Point', coordinates: [99.5, 9] }] } },
      ],
    };
    expect(bboxOf(fc)).toEqual([99.5, 7, 101, 9]);
    expect(bboxOf({ type: 'FeatureCollection', features: [] })).toBeNull();
  });

  it('isValidBBox / unionBBox', () => {
    expect(isValidBBox([100, 6, 101, 7])).toBe(true);
    expect(isValidBBox([101, 6, 100, 7])).toBe(false);
    expect(isValidBBox([100, 6, 101])).toBe(false);
    expect(isValidBBox([100, -91, 101, 7])).toBe(false);
    expect(unionBBox([[100, 6, 101, 7], null, [99, 6.5, 100.5, 9]])).toEqual([99, 6, 101, 9]);
    expect(unionBBox([null])).toBeNull();
  });
});

describe('iconPadding (issue 24 item 9)', () => {
  it('leaves room above for a pin standing on the top point, and half its width on the sides', () => {
    expect(iconPadding(20, { width: 24, height: 28 })).toEqual({ top: 48, bottom: 20, left: 32, right: 32 });
    expect(iconPadding(20, undefined)).toBe(20);
  });
});
