import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  FilterError,
  parseViewparams,
  parseViewparamsText,
  splitViewparamsPerLayer,
  type ViewParamsSpec,
} from '../../../src/server/ogc/filter/index.ts';

// SPEC §7: "WFS 1.0.0 GetFeature via the ows route (GET) | typeName, viewparams (code, start, end;
// islands: island, ap_tn, pv_tn, start, end)".
const changeSpec = {
  code: { type: 'digits', minLength: 2, maxLength: 6, required: true },
  start: { type: 'year', min: 2500, max: 2600, required: true },
  end: { type: 'year', min: 2500, max: 2600, required: true },
} as const satisfies ViewParamsSpec;

const islandSpec = {
  island: { type: 'text', maxLength: 100, minLength: 1, required: false },
  ap_tn: { type: 'text', maxLength: 100, required: false },
  pv_tn: { type: 'text', maxLength: 100, required: false },
  start: { type: 'year', required: false },
  end: { type: 'year', required: false },
} as const satisfies ViewParamsSpec;

function message(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    if (e instanceof FilterError) {
      expect(e.code).toBe('InvalidParameterValue');
      expect(e.locator).toBe('viewparams');
      return e.message;
    }
    throw e;
  }
  throw new Error('expected a FilterError');
}

describe('DESIGN §6 "viewparams: typed per key, never substituted as text"', () => {
  it('parses the erosion/accretion parameters into a typed record', () => {
    const v = parseViewparams('code:9001;start:2562;end:2567', changeSpec);
    expect({ ...v }).toEqual({ code: '9001', start: 2562, end: 2567 });
    expect(Object.getPrototypeOf(v)).toBeNull();
    expectTypeOf(v.code).toEqualTypeOf<string | undefined>();
    expectTypeOf(v.start).toEqualTypeOf<number | undefined>();
  });

  it('keeps leading zeros of digit codes', () => {
    expect(parseViewparams('code:0901;start:2562;end:2567', changeSpec).code).toBe('0901');
  });

  it('reads Thai island names with backslash escapes (src/engine/layerInstance.ts viewparamValue)', () => {
    const v = parseViewparams('island:เกาะยอ\\;เกาะหมาก;ap_tn:อ\\:เมือง\\,สงขลา;pv_tn:a\\\\b;start:2562', islandSpec);
    expect({ ...v }).toEqual({ island: 'เกาะยอ;เกาะหมาก', ap_tn: 'อ:เมือง,สงขลา', pv_tn: 'a\\b', start: 2562 });
  });

  it('accepts an absent value, empty text and a trailing ";"', () => {
    expect({ ...parseViewparams(undefined, islandSpec) }).toEqual({});
    expect({ ...parseViewparams('ap_tn:;', islandSpec) }).toEqual({ ap_tn: '' });
    expect([...parseViewparamsText(' code : 90 ;')]).toEqual([['code', ' 90 ']]);
  });

  it('splits per layer on unescaped ","', () => {
    expect(splitViewparamsPerLayer('code:90;start:2562,code:80\\,1', 2)).toEqual(['code:90;start:2562', 'code:80\\,1']);
    expect(message(() => splitViewparamsPerLayer('a:1,b:2', 1))).toBe('viewparams: 2 parameter set(s) for 1 layer(s); separate them with ","');
  });

  const bad: Array<[string, string, string]> = [
    ['unknown key', 'code:90;start:2562;end:2567;x:1', 'viewparams: unknown key "x" (allowed: code, start, end)'],
    ['unknown key __proto__', '__proto__:1', 'viewparams: unknown key "__proto__" (allowed: code, start, end)'],
    ['unknown key constructor', 'constructor:1', 'viewparams: unknown key "constructor" (allowed: code, start, end)'],
    ['missing required key', 'code:90;start:2562', 'viewparams: missing required key "end"'],
    ['non-digits', "code:90 OR 1=1;start:2562;end:2567", 'viewparams: "code" must contain digits only, found "90 OR 1=1"'],
    ['digits too short', 'code:9;start:2562;end:2567', 'viewparams: "code" must be 2 to 6 digits'],
    ['digits too long', 'code:1234567;start:2562;end:2567', 'viewparams: "code" must be 2 to 6 digits'],
    ['year not 4 digits', 'code:90;start:256;end:2567', 'viewparams: "start" must be a 4-digit year, found "256"'],
    ['year out of range', 'code:90;start:2019;end:2567', 'viewparams: "start" must be a year from 2500 to 2600'],
    ['year with SQL', 'code:90;start:2562) OR 1=1;end:2567', 'viewparams: "start" must be a 4-digit year, found "2562) OR 1=1"'],
    ['an injected pair without a colon', 'code:90;start:2562;DROP TABLE x;end:2567', 'viewparams: "DROP TABLE x" has no ":" between key and value at position 20'],
    ['duplicate key', 'code:90;code:80', 'viewparams: duplicate key "code" at position 9'],
    ['no colon', 'code', 'viewparams: "code" has no ":" between key and value at position 1'],
    ['unescaped colon in a value', 'code:9:0', 'viewparams: unescaped ":" in the value of "code" (write it as \\:) at position 7'],
    ['unescaped comma', 'code:9,0', 'viewparams: unescaped "," (write it as \\, ; "," separates the parameters of different layers) at position 7'],
    ['invalid escape', 'code:9\\n', 'viewparams: invalid escape "\\n" (only \\; \\: \\, and \\\\) at position 7'],
    ['trailing backslash', 'code:9\\', 'viewparams: ends with an unpaired "\\" at position 7'],
    ['invalid key', 'co de:90', 'viewparams: invalid key "co de" at position 1'],
    ['control character', 'code:9\u00010', 'viewparams: forbidden character U+0001 at position 7'],
    ['overlong', `code:${'9'.repeat(4000)}`, 'viewparams: longer than 4000 characters'],
  ];
  it.each(bad)('rejects %s', (_name, raw, expected) => {
    expect(message(() => parseViewparams(raw, changeSpec))).toBe(expected);
  });

  it('checks text length in characters and refuses invisible characters', () => {
    expect(parseViewparams(`island:${'ก'.repeat(100)}`, islandSpec).island).toHaveLength(100);
    expect(message(() => parseViewparams(`island:${'ก'.repeat(101)}`, islandSpec))).toBe('viewparams: "island" must be at most 100 characters');
    expect(message(() => parseViewparams('island:', islandSpec))).toBe('viewparams: "island" must be at least 1 characters');
    expect(message(() => parseViewparams('island:เกาะ\u202eยอ', islandSpec))).toBe('viewparams: "island" contains invisible or direction-control characters');
  });

  it('year defaults cover CE and BE years (1900-2700)', () => {
    expect(parseViewparams('start:2024;end:2567', islandSpec)).toMatchObject({ start: 2024, end: 2567 });
    expect(message(() => parseViewparams('start:1899', islandSpec))).toBe('viewparams: "start" must be a year from 1900 to 2700');
  });
});
