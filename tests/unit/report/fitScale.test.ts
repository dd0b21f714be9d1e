// The export preview's scale (issue 24 defect 3, SPEC.md §2 Export dialog): the A4 pages are
// shrunk to a narrower dialog, never enlarged, and left alone before anything is measured.
import { describe, expect, it } from 'vitest';
import { fitScale } from '../../../src/ui/report/useFitWidth.ts';

describe('fitScale', () => {
  const a4 = (210 / 25.4) * 96; // 793.7 CSS px

  it('shrinks the pages to a phone-wide dialog', () => {
    expect(fitScale(318, a4)).toBeCloseTo(318 / a4, 6);
  });

  it('keeps them at their size where they fit', () => {
    expect(fitScale(820, a4)).toBe(1);
    expect(fitScale(a4, a4)).toBe(1);
  });

  it('is 1 while either size is unknown (0: not laid out yet)', () => {
    expect(fitScale(0, a4)).toBe(1);
    expect(fitScale(318, 0)).toBe(1);
  });
});
