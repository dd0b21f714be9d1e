// GeoServer SQL-view parameters: `key:value;key2:value2`, with `\;` `\:` `\,` `\\` escapes
// (DESIGN.md §6: "viewparams: typed per key, never substituted as text"). Values are validated
// against a per-layer typed spec and returned as a typed record; callers bind them as SQL
// parameters. SPEC.md §7: WFS 1.0.0 GetFeature via the ows route with viewparams (code, start,
// end; islands: island, ap_tn, pv_tn, start, end).
import type { ViewParamSpec } from '../../../engine/catalog.ts';
import { FilterError, codePointName, describeText, findForbiddenChar } from './errors.ts';

export type { ViewParamSpec };

export type ViewParamsSpec = Readonly<Record<string, ViewParamSpec>>;

/** digits and text stay strings (codes keep leading zeros); year is a number. */
export type ViewParamValue<S extends ViewParamSpec> = S extends { type: 'year' } ? number : string;
export type ViewParamValues<T extends ViewParamsSpec> = { [K in keyof T]?: ViewParamValue<T[K]> };

const VIEWPARAMS_MAX_LENGTH = 4000;
const VIEWPARAMS_MAX_PAIRS = 50;
const DIGITS_MAX_DEFAULT = 20;
const YEAR_MIN_DEFAULT = 1900;
const YEAR_MAX_DEFAULT = 2700;
const KEY_RE = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
const LOCATOR = 'viewparams';

function checkText(raw: string, max: number): void {
  if (raw.length > max) throw new FilterError(LOCATOR, `longer than ${max} characters`);
  const bad = findForbiddenChar(raw);
  if (bad >= 0) throw new FilterError(LOCATOR, `forbidden character ${codePointName(raw[bad] ?? '')}`, bad + 1);
}

/**
 * Splits the raw value on unescaped `,` (GeoServer: one viewparams set per layer of a
 * multi-layer request). Escapes are kept for parseViewparamsText.
 */
export function splitViewparamsPerLayer(raw: string, layerCount?: number): string[] {
  checkText(raw, VIEWPARAMS_MAX_LENGTH * 8);
  const parts: string[] = [];
  let start = 0;
  for (let i = 0; i < raw.length; i++) {
    if (raw[i] === '\\') i++;
    else if (raw[i] === ',') {
      parts.push(raw.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(raw.slice(start));
  if (layerCount !== undefined && parts.length !== layerCount) {
    throw new FilterError(LOCATOR, `${parts.length} parameter set(s) for ${layerCount} layer(s); separate them with ","`);
  }
  return parts;
}

/** Syntax only: key -> unescaped value, in order. Throws FilterError. */
export function parseViewparamsText(raw: string): Map<string, string> {
  checkText(raw, VIEWPARAMS_MAX_LENGTH);
  const out = new Map<string, string>();
  let key = '';
  let value = '';
  let inValue = false;
  let pairStart = 0;
  const finish = (end: number) => {
    if (!inValue) {
      if (key.trim() === '') return; // empty segment (e.g. a trailing ";")
      throw new FilterError(LOCATOR, `"${describeText(key)}" has no ":" between key and value`, pairStart + 1);
    }
    const k = key.trim();
    if (!KEY_RE.test(k)) throw new FilterError(LOCATOR, `invalid key "${describeText(k)}"`, pairStart + 1);
    if (out.has(k)) throw new FilterError(LOCATOR, `duplicate key "${k}"`, pairStart + 1);
    if (out.size >= VIEWPARAMS_MAX_PAIRS) throw new FilterError(LOCATOR, `more than ${VIEWPARAMS_MAX_PAIRS} parameters`, end + 1);
    out.set(k, value);
  };
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i] as string;
    if (c === '\\') {
      const n = raw[i + 1];
      if (n === undefined) throw new FilterError(LOCATOR, 'ends with an unpaired "\\"', i + 1);
      if (n !== ';' && n !== ':' && n !== ',' && n !== '\\') {
        throw new FilterError(LOCATOR, `invalid escape "\\${describeText(n)}" (only \\; \\: \\, and \\\\)`, i + 1);
      }
      if (inValue) value += n;
      else key += n;
      i++;
    } else if (c === ';') {
      finish(i);
      key = '';
      value = '';
      inValue = false;
      pairStart = i + 1;
    } else if (c === ':') {
      if (inValue) throw new FilterError(LOCATOR, `unescaped ":" in the value of "${describeText(key.trim())}" (write it as \\:)`, i + 1);
      inValue = true;
    } else if (c === ',') {
      throw new FilterError(LOCATOR, 'unescaped "," (write it as \\, ; "," separates the parameters of different layers)', i + 1);
    } else if (inValue) value += c;
    else key += c;
  }
  finish(raw.length);
  return out;
}

function typed(key: string, value: string, spec: ViewParamSpec): string | number {
  const fail: (why: string) => never = (why) => {
    throw new FilterError(LOCATOR, `"${key}" ${why}`);
  };
  switch (spec.type) {
    case 'digits': {
      const min = spec.minLength ?? 1;
      const max = spec.maxLength ?? DIGITS_MAX_DEFAULT;
      if (!/^[0-9]*$/.test(value)) fail(`must contain digits only, found "${describeText(value)}"`);
      if (value.length < min || value.length > max) fail(min === max ? `must be ${min} digits` : `must be ${min} to ${max} digits`);
      return value;
    }
    case 'year': {
      const min = spec.min ?? YEAR_MIN_DEFAULT;
      const max = spec.max ?? YEAR_MAX_DEFAULT;
      if (!/^[0-9]{4}$/.test(value)) fail(`must be a 4-digit year, found "${describeText(value)}"`);
      const year = Number(value);
      if (year < min || year > max) fail(`must be a year from ${min} to ${max}`);
      return year;
    }
    case 'text': {
      const length = [...value].length;
      if (length < (spec.minLength ?? 0)) fail(`must be at least ${spec.minLength} characters`);
      if (length > spec.maxLength) fail(`must be at most ${spec.maxLength} characters`);
      if (/[\u2028\u2029\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/.test(value)) fail('contains invisible or direction-control characters');
      return value;
    }
  }
}

/**
 * Parses one layer's viewparams and validates every key against `spec`: unknown keys, missing
 * required keys and mistyped values are FilterErrors naming the key. The result has no
 * prototype, holds only keys present in the request, and is typed per the spec.
 */
export function parseViewparams<T extends ViewParamsSpec>(raw: string | undefined, spec: T): ViewParamValues<T> {
  const pairs = raw === undefined ? new Map<string, string>() : parseViewparamsText(raw);
  const out = Object.create(null) as Record<string, string | number>;
  for (const [key, value] of pairs) {
    if (!Object.hasOwn(spec, key)) {
      const known = Object.keys(spec);
      throw new FilterError(LOCATOR, `unknown key "${describeText(key)}"${known.length ? ` (allowed: ${known.join(', ')})` : ''}`);
    }
    out[key] = typed(key, value, spec[key] as ViewParamSpec);
  }
  for (const key of Object.keys(spec)) {
    if ((spec[key] as ViewParamSpec).required && !Object.hasOwn(out, key)) throw new FilterError(LOCATOR, `missing required key "${key}"`);
  }
  return out as ViewParamValues<T>;
}
