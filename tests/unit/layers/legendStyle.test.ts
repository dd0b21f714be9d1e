// A layer's colours from its legend (src/layers/draw/legendStyle.ts): the MapLibre expressions are
// evaluated for real with @maplibre/maplibre-gl-style-spec as a fill-color / line-color would be,
// on sample feature properties, so the test proves the colour each feature gets: a constant, the
// legendItem's colour, code classes (compared as text: 2567 matches "2567"), range classes
// (min exclusive, max inclusive, as the server's WMS styles use), the default colour otherwise.
import { Color, expression, latest, type Feature } from '@maplibre/maplibre-gl-style-spec';
import { describe, expect, it } from 'vitest';
import type { Legend } from '../../../src/engine/types.ts';
import { colorExpression, DEFAULT_LAYER_COLOR, legendEntries, legendOf } from '../../../src/layers/draw/legendStyle.ts';
import { realBundle } from '../actions/helpers.ts';

const { legends } = await realBundle();
const legend = (id: string) => legends.find((l) => l.id === id)!;
const colourOf = (id: string, label: string) => legend(id).items.find((i) => i.label === label)!.color!;

/** The colour MapLibre gives a feature with `properties` for the layer's fill-color. */
function paint(layer: Parameters<typeof colorExpression>[0], properties: Record<string, unknown>, legendList: readonly Legend[] = legends): Color {
  const exp = colorExpression(layer, legendList);
  const parsed = expression.createExpression(exp, 'fill-color', latest.paint_fill['fill-color'] as never);
  if (parsed.result !== 'success') throw new Error(`invalid expression: ${parsed.value.map((e) => e.message).join('; ')}`);
  const feature = { type: 'Polygon', properties } as unknown as Feature;
  return parsed.value.evaluate({ zoom: 10 }, feature) as Color;
}
const c = (hex: string) => Color.parse(hex)!;

describe('colorExpression', () => {
  it('a constant colour wins over the legend', () => {
    expect(colorExpression({ color: '#123456', legend: 'change-rate' }, legends)).toBe('#123456');
    expect(paint({ color: '#123456', legend: 'change-rate' }, { epr: -10 })).toEqual(c('#123456'));
  });

  it('legendItem: the one colour of that item (erosion #FF0000, accretion #2AA7FE, SPEC.md §9)', () => {
    expect(colorExpression({ legend: 'erosion-accretion', legendItem: 'erosion' }, legends)).toBe('#FF0000');
    expect(colorExpression({ legend: 'erosion-accretion', legendItem: 'accretion' }, legends)).toBe('#2AA7FE');
    expect(paint({ legend: 'erosion-accretion', legendItem: 'accretion' }, {})).toEqual(c('#2AA7FE'));
    // A numeric legendItem matches a numeric code.
    expect(colorExpression({ legend: 'cmline-years', legendItem: 2567 }, legends)).toBe('#E6194B');
    expect(colorExpression({ legend: 'cmline-years', legendItem: '2567' }, legends)).toBe('#E6194B');
  });

  it('no legend, an unknown legend or an unknown legendItem: the default colour', () => {
    expect(colorExpression({}, legends)).toBe(DEFAULT_LAYER_COLOR);
    expect(colorExpression({ legend: 'nope' }, legends)).toBe(DEFAULT_LAYER_COLOR);
    expect(colorExpression({ legend: 'erosion-accretion', legendItem: 'nope' }, legends)).toBe(DEFAULT_LAYER_COLOR);
  });

  it('a legend without a field: its first coloured item', () => {
    expect(colorExpression({ legend: 'stations' }, legends)).toBe('#0B5394');
  });

  it('code classes: a `case` comparing the field as text (2567 and "2567" both match the 2567 item)', () => {
    const layer = { legend: 'cmline-years' };
    const exp = colorExpression(layer, legends);
    expect(Array.isArray(exp) && exp[0]).toBe('case');
    expect(Array.isArray(exp) && exp[1]).toEqual(['==', ['to-string', ['get', 'line_year']], '2567']);
    expect(paint(layer, { line_year: 2567 })).toEqual(c('#E6194B'));
    expect(paint(layer, { line_year: '2567' })).toEqual(c('#E6194B'));
    expect(paint(layer, { line_year: 2562 })).toEqual(c('#911EB4'));
    expect(paint(layer, { line_year: 2550 })).toEqual(c(DEFAULT_LAYER_COLOR));
    expect(paint(layer, {})).toEqual(c(DEFAULT_LAYER_COLOR));
  });

  it('text codes: coastal status SV, DS-CE', () => {
    const layer = { legend: 'coastal-status' };
    expect(paint(layer, { coastal_s: 'SV' })).toEqual(c(colourOf('coastal-status', 'SV กัดเซาะรุนแรง (มากกว่า 5 ม./ปี)')));
    expect(paint(layer, { coastal_s: 'DS-CE' })).toEqual(c('#E6AB02'));
    expect(paint(layer, { coastal_s: 'DS' })).toEqual(c('#66A61E'));
  });

  it('range classes of change-rate by epr: min exclusive, max inclusive (SPEC.md §9 rate classes)', () => {
    const layer = { legend: 'change-rate' };
    const severeErosion = colourOf('change-rate', 'กัดเซาะรุนแรง (น้อยกว่า -5)');
    const moderateErosion = colourOf('change-rate', 'กัดเซาะปานกลาง (-5 ถึง -1)');
    const lowErosion = colourOf('change-rate', 'กัดเซาะน้อย (-1 ถึง 0)');
    const none = colourOf('change-rate', 'ไม่เปลี่ยนแปลง (0)');
    const lowAccretion = colourOf('change-rate', 'ทับถมน้อย (0 ถึง 1)');
    const moderateAccretion = colourOf('change-rate', 'ทับถมปานกลาง (1 ถึง 5)');
    const highAccretion = colourOf('change-rate', 'ทับถมมาก (มากกว่า 5)');
    const cases: Array<[number | string, string]> = [
      [-12.3, severeErosion],
      [-5, severeErosion], // max -5 is inclusive
      [-4.99, moderateErosion], // min -5 is exclusive
      [-1, moderateErosion],
      [-0.5, lowErosion],
      [0, none],
      [0.2, lowAccretion],
      [1, lowAccretion],
      [1.01, moderateAccretion],
      [5, moderateAccretion],
      [5.01, highAccretion],
      ['-7.5', severeErosion], // a number sent as text is still classed by value
    ];
    for (const [epr, colour] of cases) expect([epr, paint(layer, { epr })]).toEqual([epr, c(colour)]);
    // No epr at all: the default colour, not a class.
    expect(paint(layer, {})).toEqual(c(DEFAULT_LAYER_COLOR));
  });

  it('an inline legend with only open-ended ranges', () => {
    const custom: Legend[] = [{ id: 'v', title: 'v', type: 'circle', field: 'velocity', items: [{ label: 'slow', max: 10, color: '#00FF00' }, { label: 'fast', min: 10, color: '#FF0000' }] }];
    expect(paint({ legend: 'v' }, { velocity: 10 }, custom)).toEqual(c('#00FF00'));
    expect(paint({ legend: 'v' }, { velocity: 10.5 }, custom)).toEqual(c('#FF0000'));
  });
});

describe('legendEntries and legendOf', () => {
  it('one item for a legendItem layer, every item otherwise', () => {
    expect(legendEntries({ name: 'พื้นที่กัดเซาะ', legend: 'erosion-accretion', legendItem: 'erosion' }, legends)).toEqual([
      { label: 'การกัดเซาะ (Erosion)', code: 'erosion', color: '#FF0000' },
    ]);
    expect(legendEntries({ name: 'x', legend: 'change-rate' }, legends)).toEqual(legend('change-rate').items);
    expect(legendEntries({ name: 'x', legend: 'change-rate' }, legends)).toHaveLength(7);
  });

  it('without a legend: the layer itself with its colour, or nothing', () => {
    expect(legendEntries({ name: 'รัศมี 500 เมตร', color: '#FF0000' }, legends)).toEqual([{ label: 'รัศมี 500 เมตร', color: '#FF0000' }]);
    expect(legendEntries({ name: 'x' }, legends)).toEqual([]);
    expect(legendOf({ legend: 'cvi' }, legends)?.title).toBe('ดัชนีความเปราะบางชายฝั่ง (CVI)');
    expect(legendOf({}, legends)).toBeUndefined();
  });
});
