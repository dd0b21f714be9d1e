// How much of the year slider's layer deck.gl draws at a zoom level (issue 25 measures: a scrub
// step under SwiftShader took 0.5-1 s drawing every vertex of every year's lines).
import { describe, expect, it } from 'vitest';
import { detailAt, pixelDegrees, simplifyPath, thinPoints } from '../../../src/layers/yearlines/detail.ts';
import { yearlinesDeckLayers } from '../../../src/layers/yearlines/deckLayers.ts';
import type { PreparedYearlines, YearPath } from '../../../src/layers/yearlines/prepare.ts';

type Position = [number, number];

describe('the yearlines layer drawn at a zoom level (issue 25 measures)', () => {
  it('simplifies a line to within the tolerance, keeping its ends and its corners', () => {
    // A straight run with a wobble far below a pixel, then a corner.
    const path: Position[] = [[100, 7], [100.001, 7.00001], [100.002, 7], [100.003, 7.00001], [100.004, 7], [100.004, 7.004]];
    expect(simplifyPath(path, 0.0001)).toEqual([[100, 7], [100.004, 7], [100.004, 7.004]]);
    expect(simplifyPath(path, 0.000001)).toEqual(path);
    expect(simplifyPath([[1, 1], [2, 2]], 1)).toEqual([[1, 1], [2, 2]]);
  });

  it('keeps one transect point per cell, with the index of its colour', () => {
    const points = [[100, 7], [100.0001, 7.0001], [100.01, 7]].map((position, i) => ({ position: position as Position, distances: [], gid: i }));
    expect(thinPoints(points, 0.001)).toEqual([{ position: [100, 7], index: 0 }, { position: [100.01, 7], index: 2 }]);
  });

  it('a pixel is 360/512 degrees at zoom 0, half that a zoom later', () => {
    expect(pixelDegrees(0)).toBeCloseTo(0.703125);
    expect(pixelDegrees(8)).toBeCloseTo(0.703125 / 256);
  });

  it('draws the level\'s detail, made once per level: a year or a zoom within the level changes no data', () => {
    // A line with a vertex every 0.0001 degrees (a wobble of 0.00001: a pixel at zoom 15, several at 18).
    const path: Position[] = Array.from({ length: 101 }, (_, i) => [100 + i * 0.0001, 7 + (i % 2) * 0.00001]);
    const paths: YearPath[] = [2562, 2567].map((year) => ({ path, year, color: [0, 0, 0, 255] }));
    const byYear = paths.map((p) => ({ year: p.year, paths: [p] }));
    const points = Array.from({ length: 50 }, (_, i) => ({ position: [100 + i * 0.0002, 7] as Position, distances: [] }));
    const p: PreparedYearlines = { id: 't', years: [2562, 2567], trail: 0.25, paths, byYear, points, rateItems: [], transectColours: () => points.map(() => [1, 2, 3, 255]) };
    const far = detailAt(p, 8);
    expect(far.byYear[0]!.paths[0]!.path).toEqual([path[0], path[100]]);
    expect(far.points.length).toBeLessThan(10);
    expect(detailAt(p, 18).byYear[0]!.paths[0]!.path).toHaveLength(101);
    expect(detailAt(p, 18).points).toHaveLength(50);
    expect(detailAt(p, 8)).toBe(far);
    const [a, b] = [yearlinesDeckLayers(p, 2562, 8), yearlinesDeckLayers(p, 2567, 8)];
    a.forEach((layer, i) => expect(b[i]!.props.data).toBe(layer.props.data));
    expect(a[0]!.props.data).toBe(far.byYear[0]!.paths);
  });
});
