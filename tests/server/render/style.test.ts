import { describe, expect, it } from 'vitest';
import {
  ACCRETION_COLOR,
  changeAreaStyle,
  codeKey,
  DEFAULT_GREY,
  EROSION_COLOR,
  legendItemFor,
  paintFor,
  styleFromLegend,
} from '../../../src/server/ogc/render/index.ts';
import { legend, loadLegends } from './helpers.ts';

describe('legend matching on the real config/legends.yaml', () => {
  const rate = legend('change-rate');

  it('SPEC §9 rate classes by epr', () => {
    const cases: Array<[number | string, string, string]> = [
      [-6, '#B2182B', 'กัดเซาะรุนแรง'],
      [-0.5, '#FDDBC7', 'กัดเซาะน้อย'],
      [0, '#BDBDBD', 'ไม่เปลี่ยนแปลง'],
      [3, '#67A9CF', 'ทับถมปานกลาง'],
      [7, '#2166AC', 'ทับถมมาก'],
      // boundaries: min exclusive, max inclusive
      [-5, '#B2182B', 'กัดเซาะรุนแรง'],
      [-4.99, '#EF8A62', 'กัดเซาะปานกลาง'],
      [-1, '#EF8A62', 'กัดเซาะปานกลาง'],
      [0.5, '#D1E5F0', 'ทับถมน้อย'],
      [1, '#D1E5F0', 'ทับถมน้อย'],
      [5, '#67A9CF', 'ทับถมปานกลาง'],
      [5.01, '#2166AC', 'ทับถมมาก'],
      // numbers arriving as text (e.g. numeric columns through JSON)
      ['-6', '#B2182B', 'กัดเซาะรุนแรง'],
      [' 0.0 ', '#BDBDBD', 'ไม่เปลี่ยนแปลง'],
      [-0, '#BDBDBD', 'ไม่เปลี่ยนแปลง'],
    ];
    for (const [epr, color, label] of cases) {
      const item = legendItemFor(rate, epr);
      expect(item?.color, `epr ${epr}`).toBe(color);
      expect(item?.label.startsWith(label), `epr ${epr}: ${item?.label}`).toBe(true);
    }
  });

  it('the style paints exactly what legendItemFor picks; unmatched values are neutral grey', () => {
    const style = styleFromLegend(rate);
    for (const epr of [-6, -0.5, 0, 3, 7]) {
      const item = legendItemFor(rate, epr)!;
      expect(paintFor(style, { epr }).stroke).toBe(`rgb(${parseInt(item.color!.slice(1, 3), 16)},${parseInt(item.color!.slice(3, 5), 16)},${parseInt(item.color!.slice(5, 7), 16)})`);
    }
    const grey = paintFor(style, { epr: null }).stroke;
    expect(grey).toBe('rgb(158,158,158)'); // DEFAULT_GREY
    expect(DEFAULT_GREY).toBe('#9E9E9E');
    for (const v of [undefined, 'n/a', '', NaN, Infinity, {}, [1]]) expect(paintFor(style, { epr: v }).stroke).toBe(grey);
    expect(paintFor(style, {}).stroke).toBe(grey);
    expect(paintFor(style, null).stroke).toBe(grey);
  });

  it('codes match across string and number: years, CVI levels, text codes', () => {
    expect(legendItemFor(legend('cmline-years'), 2567)?.color).toBe('#E6194B');
    expect(legendItemFor(legend('cmline-years'), '2567')?.color).toBe('#E6194B');
    expect(legendItemFor(legend('cmline-years'), '2567.0')?.color).toBe('#E6194B');
    expect(legendItemFor(legend('cmline-years'), 2000)).toBeUndefined();
    expect(legendItemFor(legend('cvi'), '5')?.label).toBe('สูงมาก');
    expect(legendItemFor(legend('coastal-status'), 'DS-CE')?.color).toBe('#E6AB02');
    expect(legendItemFor(legend('coastal-status'), 'DS')?.color).toBe('#66A61E');
    expect(legendItemFor(legend('landuse'), 'U7')?.color).toBe('#EF3B2C');
    expect(legendItemFor(legend('radar-current'), 10)?.label).toBe('น้อยกว่า 10');
    expect(legendItemFor(legend('radar-current'), 10.5)?.label).toBe('10 ถึง 30');
    expect(legendItemFor(legend('radar-current'), 80)?.label).toBe('มากกว่า 50');
    expect(codeKey('0.0')).toBe('0');
    expect(codeKey(-0)).toBe('0');
    expect(codeKey('AS')).toBe('AS');
  });

  it('every legend in the config builds a style with one paint per item', () => {
    for (const l of loadLegends()) {
      const style = styleFromLegend(l);
      expect(style.itemPaints.length, l.id).toBe(l.items.length);
      expect(style.kind).toBe(l.type === 'fill' ? 'fill' : l.type === 'line' ? 'line' : 'circle');
    }
  });

  it('paints by kind: fill 0.6 with an opaque outline, 2 px lines, r 5 circles with a white ring', () => {
    const fill = styleFromLegend(legend('landuse')).itemPaints[0]!; // A1 #F6F6A0
    expect(fill.fill).toBe('rgba(246,246,160,0.6)');
    expect(fill.stroke).toBe('rgb(246,246,160)');
    const line = styleFromLegend(legend('coastal-structure')).itemPaints[0]!;
    expect([line.stroke, line.lineWidth]).toEqual(['rgb(228,26,28)', 2]);
    const circle = styleFromLegend(legend('stations')).itemPaints[0]!;
    expect([circle.fill, circle.radius, circle.ring]).toEqual(['rgb(11,83,148)', 5, 'rgb(255,255,255)']);
    // SPEC §9: land use at 0.9
    expect(styleFromLegend(legend('landuse'), { opacity: 0.9 }).itemPaints[0]!.fill).toBe('rgba(246,246,160,0.9)');
    expect(styleFromLegend(legend('landuse'), { color: '#000000' }).itemPaints.every((p) => p.fill === 'rgba(0,0,0,0.6)')).toBe(true);
    expect(() => styleFromLegend(legend('landuse'), { opacity: 2 })).toThrow(RangeError);
    expect(() => styleFromLegend(legend('landuse'), { color: 'red' })).toThrow(TypeError);
  });

  it('change-area colours: SPEC §9 constants, the same as the erosion-accretion legend', () => {
    const ea = legend('erosion-accretion');
    expect(EROSION_COLOR).toBe('#FF0000');
    expect(ACCRETION_COLOR).toBe('#2AA7FE');
    expect(ea.items.find((i) => i.code === 'erosion')?.color).toBe(EROSION_COLOR);
    expect(ea.items.find((i) => i.code === 'accretion')?.color).toBe(ACCRETION_COLOR);
    expect(changeAreaStyle('erosion').fallback).toEqual(styleFromLegend(ea, { code: 'erosion' }).fallback);
    expect(changeAreaStyle('accretion').fallback).toEqual(styleFromLegend(ea, { code: 'accretion' }).fallback);
    expect(() => styleFromLegend(ea, { code: 'nope' })).toThrow(RangeError);
  });
});
