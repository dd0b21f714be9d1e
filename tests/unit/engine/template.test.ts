// src/engine/template.ts: layer templates such as '{product}:cmline_{year}' (DESIGN.md §3
// "Interpolation is typed and safe, never string concatenation of raw user input").
import { describe, expect, it } from 'vitest';
import { interpolate, templateProblem, templateVariables } from '../../../src/engine/template.ts';

describe('templateVariables', () => {
  it('lists the {variables} in order, repeats included', () => {
    expect(templateVariables('{product}:cmline_{year}')).toEqual(['product', 'year']);
    expect(templateVariables('พื้นที่กัดเซาะ {start}-{end}')).toEqual(['start', 'end']);
    expect(templateVariables('{a}{a}')).toEqual(['a', 'a']);
    expect(templateVariables('cvi-{values}')).toEqual(['values']);
    expect(templateVariables('{beach-main}/{lake_island}/{x2}')).toEqual(['beach-main', 'lake_island', 'x2']);
  });

  it('finds none in plain text or in names that are not variable names', () => {
    expect(templateVariables('')).toEqual([]);
    expect(templateVariables('แนวชายฝั่ง พ.ศ. 2567')).toEqual([]);
    expect(templateVariables('{Year} {2567} { year }')).toEqual([]);
  });
});

describe('templateProblem', () => {
  it('accepts well-formed templates', () => {
    expect(templateProblem('{product}:cmline_{year}')).toBeUndefined();
    expect(templateProblem('no variables')).toBeUndefined();
    expect(templateProblem('')).toBeUndefined();
  });

  it('names a lone brace or a bad variable name', () => {
    const message = 'has a "{" or "}" that is not part of a {variable} (names use a-z, 0-9, \'-\' and \'_\')';
    expect(templateProblem('{product}:cmline_{year')).toBe(message);
    expect(templateProblem('cmline_year}')).toBe(message);
    expect(templateProblem('{Year}')).toBe(message);
    expect(templateProblem('{ year }')).toBe(message);
    expect(templateProblem('{}')).toBe(message);
  });
});

describe('interpolate', () => {
  it('substitutes every variable, numbers as text', () => {
    expect(interpolate('{product}:cmline_{year}', { product: 'tcs', year: 2567 })).toBe('tcs:cmline_2567');
    expect(interpolate('พื้นที่กัดเซาะ {start}-{end}', { start: 2559, end: 2567 })).toBe('พื้นที่กัดเซาะ 2559-2567');
    expect(interpolate('no variables', {})).toBe('no variables');
  });

  it('throws on a variable without a value instead of leaving "{year}" or "undefined" in a layer name', () => {
    expect(() => interpolate('{product}:cmline_{year}', { product: 'tcs' })).toThrow('template variable {year} has no value');
  });

  it('makes one pass: a value that looks like a template is inserted as it is, never expanded', () => {
    expect(interpolate('{a}-{b}', { a: '{b}', b: 'x' })).toBe('{b}-x');
    expect(interpolate('{name}', { name: "O'Brien $& $1" })).toBe("O'Brien $& $1");
  });

  it('leaves text that is not a variable alone', () => {
    expect(interpolate('{Year} {year}', { year: 2567 })).toBe('{Year} 2567');
  });
});
