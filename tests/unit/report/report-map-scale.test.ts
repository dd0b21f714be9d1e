// The export report's map scale (issue 26 item 4): the metres one PDF point of the printed map
// covers, from the preview map's zoom, centre latitude and width (Web Mercator, MapLibre's 512 px
// tiles), and the scale bar the PDF and the preview draw from it.
import { describe, expect, it } from 'vitest';
import { unitLabels } from '../../../src/engine/units.ts';
import { metresPerPixel, scaleBar } from '../../../src/pdf/mapDecorations.ts';
import { REPORT_CONTENT_WIDTH, reportMapScale } from '../../../src/report/mapScale.ts';

const EQUATOR = 2 * Math.PI * 6378137;

describe('metresPerPixel (Web Mercator, 512 px tiles)', () => {
  it('is the equator over 512 px at zoom 0, halves with each zoom and shrinks with cos(latitude)', () => {
    expect(metresPerPixel(0, 0)).toBeCloseTo(EQUATOR / 512, 6);
    expect(metresPerPixel(0, 10)).toBeCloseTo(EQUATOR / 512 / 1024, 6);
    expect(metresPerPixel(60, 3)).toBeCloseTo(metresPerPixel(0, 3) / 2, 6);
    // Songkhla (7.2° N) at zoom 8: 305.7 m a pixel at the equator, x cos 7.2°
    expect(metresPerPixel(7.2, 8)).toBeCloseTo(303.3, 1);
  });
});

describe('reportMapScale', () => {
  it('spreads the preview map across the PDF map width and keeps its proportions', () => {
    const s = reportMapScale({ lat: 7.2, zoom: 8, width: 703, height: 416 });
    expect(s.width).toBe(REPORT_CONTENT_WIDTH);
    expect(s.height).toBeCloseTo((REPORT_CONTENT_WIDTH * 416) / 703, 6);
    // 703 px of 303.3 m over 523.28 pt
    expect(s.metresPerPoint).toBeCloseTo((metresPerPixel(7.2, 8) * 703) / REPORT_CONTENT_WIDTH, 6);
    expect(s.metresPerPoint).toBeCloseTo(407.5, 1);
  });

  it("gives a scale bar whose length on the page is its label's distance at the map's scale", () => {
    const s = reportMapScale({ lat: 7.2, zoom: 8, width: 703, height: 416 });
    const bar = scaleBar(s.width, s.metresPerPoint, unitLabels);
    // a fifth of 523 pt is 105 pt = 42.7 km: the bar shows 20 km over 49 pt
    expect(bar.label).toBe('20 กม.');
    expect(bar.points * s.metresPerPoint).toBeCloseTo(20_000, 6);
    // one zoom in: the same 20 km twice as long on the paper
    const closer = scaleBar(s.width, reportMapScale({ lat: 7.2, zoom: 9, width: 703, height: 416 }).metresPerPoint, unitLabels);
    expect(closer.label).toBe('20 กม.');
    expect(closer.points).toBeCloseTo(2 * bar.points, 6);
    // further north the same zoom covers fewer metres (cos 60° = 0.5)
    expect(reportMapScale({ lat: 60, zoom: 8, width: 703, height: 416 }).metresPerPoint).toBeCloseTo((EQUATOR / 512 / 256 / 2) * (703 / REPORT_CONTENT_WIDTH), 6);
  });
});
