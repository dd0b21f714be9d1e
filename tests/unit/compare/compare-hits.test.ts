// What a click on the year slider's layer hits, and the report's compare line (issue 25 leftovers).
import { describe, expect, it } from 'vitest';
import { yearlinesHitsAt } from '../../../src/layers/yearlines/hits.ts';
import type { PreparedYearlines, YearPath } from '../../../src/layers/yearlines/prepare.ts';
import { compareReportNote } from '../../../src/ui/compare/reportNote.ts';
import type { CompareSnapshot } from '../../../src/machines/compare.ts';

const path = (year: number, lat: number): YearPath => ({ path: [[100, lat], [100.01, lat]], year, color: [0, 0, 0, 255] });
const byYear = [
  { year: 2562, paths: [path(2562, 7.0001)] },
  { year: 2565, paths: [path(2565, 7.0002)] },
  { year: 2567, paths: [path(2567, 7.0003)] },
];
const prepared: PreparedYearlines = {
  id: 'timeline',
  years: [2562, 2565, 2567],
  trail: 0.25,
  paths: byYear.flatMap((y) => y.paths),
  byYear,
  points: [{ position: [100.005, 7.0002], gid: 42, distances: [10, null, 4] }],
  rateItems: [],
  transectColours: () => [],
};

describe('a click on the yearlines layer (issue 25: its feature information)', () => {
  it('finds the transect with its end-point rate up to the year shown, and the topmost line drawn', () => {
    const hits = yearlinesHitsAt(prepared, 2567, [100.005, 7.0002], 0.0005);
    expect(hits).toEqual([
      { id: 'timeline:transect:42', properties: { gid: 42, start_year: 2562, end_year: 2567, epr: -1.2 } },
      { id: 'timeline:line:2567', properties: { line_year: 2567 } },
    ]);
  });

  it('draws no later year: at 2565 the 2567 line is not there to hit; a year without a rate gives the id only', () => {
    const hits = yearlinesHitsAt(prepared, 2565, [100.005, 7.0003], 0.00015);
    expect(hits).toEqual([
      { id: 'timeline:transect:42', properties: { gid: 42 } },
      { id: 'timeline:line:2565', properties: { line_year: 2565 } },
    ]);
  });

  it('finds nothing away from the features', () => {
    expect(yearlinesHitsAt(prepared, 2567, [100.5, 7.5], 0.0005)).toEqual([]);
  });
});

describe("the report's line about compare mode (issue 25 item 5)", () => {
  const snapshot = (view: string, position = 50) => ({ value: { view, player: 'off' }, context: { position } }) as unknown as CompareSnapshot;
  it('names the view with the panel’s words and where the divider stands', () => {
    expect(compareReportNote(snapshot('swipe', 35.5), false)).toBe('การเปรียบเทียบ: เลื่อนเส้นแบ่ง · เส้นแบ่งอยู่ที่ 35.5% จากด้านซ้าย');
    expect(compareReportNote(snapshot('swipe', 60), true)).toBe('การเปรียบเทียบ: เลื่อนเส้นแบ่ง · เส้นแบ่งอยู่ที่ 60% จากด้านบน');
    expect(compareReportNote(snapshot('split'), false)).toBe('การเปรียบเทียบ: แสดงคู่กัน');
    expect(compareReportNote(snapshot('off'), false)).toBeUndefined();
  });
});
