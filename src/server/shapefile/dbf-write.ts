// dBase III (.dbf) writer for shapefile attributes. Text is written as UTF-8 (the zip carries a
// .cpg saying so). Field lengths count BYTES: a Thai character takes 3, so lengths are measured
// on the encoded text and a value that has to be cut is cut between grapheme clusters, never
// inside a character. Field names are ASCII, at most 10 bytes and unique.

export type DbfFieldType = 'C' | 'N' | 'F' | 'D' | 'L';

export interface DbfFieldSpec {
  /** The property name the values come from (also the field name when it is a valid one). */
  name: string;
  type: DbfFieldType;
  /** Bytes. Default: measured on the values. */
  length?: number;
  /** For N and F. Default: 0 for whole numbers, otherwise as many as the values need (max 15). */
  decimals?: number;
}

/** A field as written: `name` is the .dbf field name, `property` the source property. */
export interface DbfField {
  name: string;
  property: string;
  type: DbfFieldType;
  length: number;
  decimals: number;
}

export type DbfRecord = Readonly<Record<string, unknown>> | null | undefined;

const MAX_CHAR_BYTES = 254;
const MAX_NUMBER_LENGTH = 24; // what GDAL writes for reals; dBase readers accept it
const MAX_DECIMALS = 15;
const encoder = new TextEncoder();

/** ASCII, at most 10 bytes, unique among `taken` (compared case-insensitively, as readers do). */
export function dbfFieldName(property: string, taken: Set<string>): string {
  let base = property.replace(/[^A-Za-z0-9_]/g, '_').replace(/^_+(?=.)/, '');
  if (!/[A-Za-z0-9]/.test(base)) base = 'FIELD';
  if (!/^[A-Za-z]/.test(base)) base = `F${base}`;
  base = base.slice(0, 10);
  let name = base;
  for (let n = 1; taken.has(name.toUpperCase()); n++) {
    const suffix = `_${n}`;
    name = base.slice(0, 10 - suffix.length) + suffix;
  }
  taken.add(name.toUpperCase());
  return name;
}

function isDate(value: unknown): value is Date {
  return value instanceof Date && !Number.isNaN(value.getTime());
}

/** The text a C field holds for any value (objects as JSON). */
function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (isDate(value)) return value.toISOString();
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Digits after the point in the shortest exact form of a finite number (capped). */
function decimalsOf(value: number): number {
  if (Number.isInteger(value)) return 0;
  const text = String(Math.abs(value));
  const exponent = /e([+-]\d+)$/.exec(text);
  const mantissa = text.replace(/e[+-]\d+$/, '');
  const fraction = mantissa.split('.')[1]?.length ?? 0;
  return Math.min(MAX_DECIMALS, Math.max(0, fraction - Number(exponent?.[1] ?? 0)));
}

function formatNumber(value: number, decimals: number): string {
  return value.toFixed(decimals);
}

function inferType(values: readonly unknown[]): DbfFieldType {
  const present = values.filter((value) => value !== null && value !== undefined);
  if (present.length === 0) return 'C';
  if (present.every((value) => typeof value === 'number' && Number.isFinite(value))) return 'N';
  if (present.every((value) => typeof value === 'boolean')) return 'L';
  if (present.every(isDate)) return 'D';
  return 'C';
}

function resolveField(spec: DbfFieldSpec, values: readonly unknown[], taken: Set<string>): DbfField {
  const name = dbfFieldName(spec.name, taken);
  const present = values.filter((value) => value !== null && value !== undefined);
  switch (spec.type) {
    case 'C': {
      const measured = Math.max(1, ...present.map((value) => encoder.encode(textOf(value)).length));
      const length = Math.min(MAX_CHAR_BYTES, Math.max(1, Math.round(spec.length ?? measured)));
      return { name, property: spec.name, type: 'C', length, decimals: 0 };
    }
    case 'N':
    case 'F': {
      const numbers = present.filter((value): value is number => typeof value === 'number' && Number.isFinite(value));
      const decimals = Math.min(
        MAX_DECIMALS,
        Math.max(0, Math.round(spec.decimals ?? Math.max(0, ...numbers.map(decimalsOf)))),
      );
      const measured = Math.max(1, ...numbers.map((value) => formatNumber(value, decimals).length));
      const length = Math.min(MAX_NUMBER_LENGTH, Math.max(decimals ? decimals + 2 : 1, Math.round(spec.length ?? measured)));
      return { name, property: spec.name, type: spec.type, length, decimals: Math.min(decimals, Math.max(0, length - 2)) };
    }
    case 'D':
      return { name, property: spec.name, type: 'D', length: 8, decimals: 0 };
    case 'L':
      return { name, property: spec.name, type: 'L', length: 1, decimals: 0 };
  }
}

/** Fields for these records: the given specs, or one per property in order of first appearance. */
export function resolveFields(records: readonly DbfRecord[], specs?: readonly DbfFieldSpec[]): DbfField[] {
  const names: string[] = [];
  if (specs) {
    names.push(...specs.map((spec) => spec.name));
  } else {
    const seen = new Set<string>();
    for (const record of records) {
      for (const key of Object.keys(record ?? {})) {
        if (!seen.has(key)) {
          seen.add(key);
          names.push(key);
        }
      }
    }
  }
  const taken = new Set<string>();
  return names.map((property, i) => {
    const values = records.map((record) => record?.[property]);
    const spec = specs?.[i] ?? { name: property, type: inferType(values) };
    return resolveField(spec, values, taken);
  });
}

/** The longest prefix of `text` within `limit` UTF-8 bytes that ends on a grapheme boundary. */
export function truncateUtf8(text: string, limit: number): Uint8Array {
  const bytes = encoder.encode(text);
  if (bytes.length <= limit) return bytes;
  let used = 0;
  let end = 0;
  for (const { segment } of new Intl.Segmenter('th', { granularity: 'grapheme' }).segment(text)) {
    const size = encoder.encode(segment).length;
    if (used + size > limit) break;
    used += size;
    end += segment.length;
  }
  return encoder.encode(text.slice(0, end));
}

function pad(bytes: Uint8Array, length: number, right: boolean): Uint8Array {
  const out = new Uint8Array(length).fill(0x20);
  out.set(bytes.subarray(0, length), right ? length - Math.min(length, bytes.length) : 0);
  return out;
}

function ascii(text: string): Uint8Array {
  return encoder.encode(text);
}

/** The bytes of one value in one field (always exactly `field.length` bytes). */
function encodeValue(field: DbfField, value: unknown): Uint8Array {
  const missing = value === null || value === undefined;
  switch (field.type) {
    case 'C':
      return pad(missing ? new Uint8Array() : truncateUtf8(textOf(value), field.length), field.length, false);
    case 'N':
    case 'F': {
      const number = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
      if (missing || !Number.isFinite(number)) return pad(new Uint8Array(), field.length, true);
      const text = formatNumber(number, field.decimals);
      // A value that does not fit is written as asterisks, which dBase readers read as null.
      return text.length > field.length ? new Uint8Array(field.length).fill(0x2a) : pad(ascii(text), field.length, true);
    }
    case 'D': {
      const date = isDate(value) ? value : typeof value === 'string' ? new Date(value) : null;
      if (!date || !isDate(date)) return pad(new Uint8Array(), 8, false);
      const y = String(date.getUTCFullYear()).padStart(4, '0');
      const m = String(date.getUTCMonth() + 1).padStart(2, '0');
      const d = String(date.getUTCDate()).padStart(2, '0');
      return ascii(`${y}${m}${d}`);
    }
    case 'L':
      return ascii(missing ? '?' : value ? 'T' : 'F');
  }
}

/** Writes a dBase III file (version 0x03, no memo) of these records in these fields. */
export function writeDbf(records: readonly DbfRecord[], fields: readonly DbfField[], date = new Date()): Uint8Array {
  if (fields.length > 255) throw new Error(`a .dbf holds at most 255 fields, got ${fields.length}`);
  const headerLength = 32 + 32 * fields.length + 1;
  const recordLength = 1 + fields.reduce((sum, field) => sum + field.length, 0);
  if (recordLength > 65535) throw new Error(`a .dbf record holds at most 65535 bytes, got ${recordLength}`);
  const out = new Uint8Array(headerLength + recordLength * records.length + 1);
  const view = new DataView(out.buffer);
  out[0] = 0x03;
  out[1] = date.getUTCFullYear() - 1900;
  out[2] = date.getUTCMonth() + 1;
  out[3] = date.getUTCDate();
  view.setUint32(4, records.length, true);
  view.setUint16(8, headerLength, true);
  view.setUint16(10, recordLength, true);
  // Byte 29 (language driver) stays 0: the .cpg names the encoding.
  fields.forEach((field, i) => {
    const at = 32 + 32 * i;
    out.set(ascii(field.name).subarray(0, 10), at);
    out[at + 11] = field.type.charCodeAt(0);
    out[at + 16] = field.length;
    out[at + 17] = field.decimals;
  });
  out[headerLength - 1] = 0x0d;
  let at = headerLength;
  for (const record of records) {
    out[at] = 0x20; // not deleted
    let fieldAt = at + 1;
    for (const field of fields) {
      out.set(encodeValue(field, record?.[field.property]), fieldAt);
      fieldAt += field.length;
    }
    at += recordLength;
  }
  out[at] = 0x1a;
  return out;
}
