// Pure parts of compare mode and the year slider (issue 25): compare state in the URL, what each
// side draws, and the year slider's colours and years.
import { describe, expect, it } from 'vitest';
import { decodeUrlState, encodeUrlState } from '../../../src/engine/urlState.ts';
import { prepareYearlines, rateUpTo, transectColour } from '../../../src/layers/yearlines/prepare.ts';
import { yearlinesDeckLayers } from '../../../src/layers/yearlines/deckLayers.ts';
import { yearlinesDefinition, yearsOf } from '../../../src/layers/yearlines/definition.ts';
import { keyStep } from '../../../src/map/compare/CompareDivider.tsx';
import type { Legend } from '../../../src/engine/types.ts';
import type { MapLayer } from '../../../src/layers/types.ts';

describe('compare state in the URL (issue 25 item 5)', () => {
  it('writes and reads back the mode, both years and the divider', () => {
    const search = encodeUrlState({ pickers: { province: ['90'] }, rows: [], compare: { mode: 'swipe', left: '2562', right: '2567', position: 42.5 } });
    expect(search).toBe('?v=1&p.province=90&cmp=swipe&cmpy=2562,2567&cmpx=42.5');
    expect(decodeUrlState(search).state?.compare).toEqual({ mode: 'swipe', left: '2562', right: '2567', position: 42.5 });
    expect(encodeUrlState({ pickers: {}, rows: [], compare: { mode: 'split', left: '2562', right: '2567', position: 50 } })).toBe('?v=1&cmp=split&cmpy=2562,2567');
  });

  it('ignores bad values and years without a mode, saying so', () => {
    const { state, problems } = decodeUrlState('?v=1&cmp=fade&cmpy=2562,2567&cmpx=140');
    expect(state?.compare).toBeUndefined();
    expect(problems).toEqual(['cmp=fade', 'cmpx=140', 'cmpy and cmpx need cmp']);
  });
});

describe('the divider from the keyboard', () => {
  it('arrows step 5 (Shift 1), Home and End go to the edges', () => {
    expect(keyStep('ArrowRight', false, 50)).toBe(5);
    expect(keyStep('ArrowUp', true, 50)).toBe(-1);
    expect(keyStep('Home', false, 30)).toBe(-30);
    expect(keyStep('End', false, 30)).toBe(70);
    expect(keyStep('a', false, 30)).toBeNull();
  });
});

const LEGENDS: Legend[] = [
  { id: 'years', title: 'ปี', type: 'line', items: [{ label: '2562', code: 2562, color: '#911EB4' }, { label: '2567', code: 2567, color: '#E6194B' }] },
  { id: 'old', title: 'ปี', type: 'line', items: [{ label: '2548', code: 2548, color: '#00FF00' }] },
  { id: 'rate', title: 'อัตรา', type: 'line', items: [{ label: 'กัดเซาะ', max: -1, color: '#FF0000' }, { label: 'คงที่', min: -1, max: 1, color: '#BDBDBD' }, { label: 'ทับถม', min: 1, color: '#0000FF' }] },
] as Legend[];

describe('the yearlines layer (issue 25 items 2, 3)', () => {
  const template = {
    id: 'timeline', type: 'yearlines', name: 'แนวชายฝั่งรายปี', legend: 'years',
    lines: [{ layers: '{product}:old_{year}', years: [2548], legend: 'old' }, { layers: '{product}:cmline_{year}', years: [2567, 2562] }],
    transects: { router: { page: 'transects', mode: 'series' }, legend: 'rate' },
  } as const;

  it('plays the years of all its sources, oldest first, each coloured by its own legend', () => {
    expect(yearsOf(template as never)).toEqual([2548, 2562, 2567]);
    const instance = yearlinesDefinition.instantiate(template as never, { app: { product: 'tcs' } as never, values: {}, vars: {} });
    const layer: MapLayer<NonNullable<typeof instance.draw>> = {
      ...instance,
      zIndex: 600,
      visible: true,
      geoJson: {
        type: 'FeatureCollection',
        features: [
          { type: 'Feature', geometry: { type: 'MultiLineString', coordinates: [[[100, 7], [100.1, 7.1]], [[100.2, 7], [100.3, 7]]] }, properties: { line_year: 2548 } },
          { type: 'Feature', geometry: { type: 'LineString', coordinates: [[100, 7], [100.1, 7.1]] }, properties: { line_year: 2567 } },
          { type: 'Feature', geometry: { type: 'Point', coordinates: [100, 7] }, properties: { gid: 1, distances: [null, 10, 4] } },
        ],
      },
    };
    const p = prepareYearlines(layer, LEGENDS);
    expect(p.paths.map((x) => [x.year, x.color])).toEqual([[2548, [0, 255, 0, 255]], [2548, [0, 255, 0, 255]], [2567, [0xe6, 0x19, 0x4b, 255]]]);
    expect(p.byYear.map((y) => [y.year, y.paths.length])).toEqual([[2548, 2], [2567, 1]]);
    expect(p.transectColours(2)).toEqual([[255, 0, 0, 255]]);
    expect(p.points).toHaveLength(1);
    // From its first year with a line (2562) to 2567: (4 - 10) / 5 = -1.2 m/year: erosion, red.
    expect(rateUpTo(p.points[0]!, p.years, 2)).toBeCloseTo(-1.2);
    expect(rateUpTo(p.points[0]!, p.years, 1)).toBeNull();
    expect(transectColour(p.rateItems, p.points[0]!, p.years, 2)).toEqual([255, 0, 0, 255]);
    expect(transectColour(p.rateItems, p.points[0]!, p.years, 1)).toEqual([0, 0, 0, 0]);
  });

  it('a year only switches the years\' layers: later years are not drawn, earlier ones faint, data kept (issue 25 measures)', () => {
    const path = (year: number) => ({ path: [[100, 7], [100.1, 7]] as Array<[number, number]>, year, color: [0, 0, 0, 255] as [number, number, number, number] });
    const byYear = [2548, 2562, 2567].map((year) => ({ year, paths: [path(year)] }));
    const p = { id: 't', years: [2548, 2562, 2567], trail: 0.25, paths: byYear.flatMap((y) => y.paths), byYear, points: [], rateItems: [], transectColours: () => [] };
    const at2562 = yearlinesDeckLayers(p, 2562, 10);
    expect(at2562.map((l) => [l.id, l.props.visible, l.props.opacity])).toEqual([['t-2548', true, 0.25], ['t-2562', true, 1], ['t-2567', false, 0.25], ['t-transects', true, 1]]);
    const at2567 = yearlinesDeckLayers(p, 2567, 10);
    // The same data and accessors: deck.gl keeps each layer's attributes; only uniforms change.
    at2567.forEach((l, i) => {
      expect(l.props.data).toBe(at2562[i]!.props.data);
      if (l.id !== 't-transects') expect((l.props as unknown as { getPath: unknown }).getPath).toBe((at2562[i]!.props as unknown as { getPath: unknown }).getPath);
    });
    expect(at2567[2]!.props).toMatchObject({ visible: true, opacity: 1, widthScale: 3.5 });
  });
});
