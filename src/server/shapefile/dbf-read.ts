// .dbf reader for shapefile attributes. Text is decoded with the given encoding or, without one,
// detected: UTF-8 when every text value is valid UTF-8, otherwise windows-874 (Thai).

import { decodeText, utf8Validity, type DbfEncoding } from './encoding.ts';
import { ShapefileFormatError } from './shp-read.ts';

export interface DbfFieldInfo {
  name: string;
  /** dBase type letter: C, N, F, D, L, or another (read as text). */
  type: string;
  length: number;
  decimals: number;
}

/**
 * C: string (trailing blanks removed; empty is null). N and F: the number's decimal text, exact
 * (so 19-digit codes survive). D: 'YYYY-MM-DD'. L: boolean. Missing values are null.
 */
export type DbfValue = string | boolean | null;

export interface DbfContents {
  fields: DbfFieldInfo[];
  /** One per record; null for a record marked deleted. */
  records: (DbfValue[] | null)[];
  encoding: DbfEncoding;
  /** Whether `encoding` was given or detected from the bytes. */
  detected: boolean;
}

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
const ASCII = new TextDecoder('latin1');

interface Layout extends DbfFieldInfo {
  offset: number;
  nameBytes: Uint8Array;
}

function trimmedEnd(bytes: Uint8Array, start: number, end: number): number {
  while (end > start && (bytes[end - 1] === 0x20 || bytes[end - 1] === 0x00)) end--;
  return end;
}

function readValue(bytes: Uint8Array, start: number, field: Layout, encoding: DbfEncoding, record: number): DbfValue {
  const end = trimmedEnd(bytes, start, start + field.length);
  let from = start;
  if (field.type !== 'C') while (from < end && bytes[from] === 0x20) from++;
  if (from === end) return null;
  if (field.type === 'C' || !['N', 'F', 'D', 'L'].includes(field.type)) {
    const text = decodeText(bytes.subarray(from, end), encoding);
    return text === '' ? null : text;
  }
  const text = ASCII.decode(bytes.subarray(from, end));
  switch (field.type) {
    case 'N':
    case 'F':
      if (/^[*.-]*$/.test(text)) return null; // overflow asterisks and other null spellings
      if (!NUMBER.test(text)) throw new ShapefileFormatError(`field ${field.name}: "${text}" is not a number`, record);
      return text;
    case 'D': {
      if (/^0+$/.test(text)) return null;
      const match = /^(\d{4})(\d{2})(\d{2})$/.exec(text);
      if (!match) throw new ShapefileFormatError(`field ${field.name}: "${text}" is not a date (YYYYMMDD)`, record);
      return `${match[1]}-${match[2]}-${match[3]}`;
    }
    default: {
      const flag = text.toUpperCase();
      if ('TY'.includes(flag)) return true;
      if ('FN'.includes(flag)) return false;
      return null; // '?' and anything else
    }
  }
}

/**
 * Reads a .dbf. `encoding` (a resolveEncoding() result) decodes the text; without it the encoding
 * is detected. Throws ShapefileFormatError for a broken file or value.
 */
export function readDbf(bytes: Uint8Array, encoding?: DbfEncoding): DbfContents {
  if (bytes.length < 33) throw new ShapefileFormatError(`not a .dbf file: ${bytes.length} bytes`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const count = view.getUint32(4, true);
  const headerLength = view.getUint16(8, true);
  const recordLength = view.getUint16(10, true);
  if (headerLength < 33 || headerLength > bytes.length) throw new ShapefileFormatError(`not a .dbf file: header length ${headerLength}`);

  const layout: Layout[] = [];
  let offset = 1;
  for (let at = 32; at + 32 <= headerLength && bytes[at] !== 0x0d; at += 32) {
    let nameEnd = at;
    while (nameEnd < at + 11 && bytes[nameEnd] !== 0) nameEnd++;
    const length = bytes[at + 16]!;
    layout.push({
      name: '',
      nameBytes: bytes.subarray(at, nameEnd),
      type: String.fromCharCode(bytes[at + 11]!).toUpperCase(),
      length,
      decimals: bytes[at + 17]!,
      offset,
    });
    offset += length;
  }
  if (offset > recordLength) {
    throw new ShapefileFormatError(`broken .dbf header: fields take ${offset} bytes, records have ${recordLength}`);
  }
  const needed = headerLength + count * recordLength;
  if (needed > bytes.length) {
    throw new ShapefileFormatError(
      `truncated: the header says ${count} records (${needed} bytes), the file has ${bytes.length} bytes`,
    );
  }

  let chosen = encoding;
  if (!chosen) {
    let utf8 = layout.every((field) => utf8Validity(field.nameBytes) === 'valid');
    for (let r = 0; utf8 && r < count; r++) {
      const base = headerLength + r * recordLength;
      if (bytes[base] === 0x2a) continue;
      for (const field of layout) {
        if (field.type !== 'C') continue;
        const start = base + field.offset;
        if (utf8Validity(bytes, start, trimmedEnd(bytes, start, start + field.length)) === 'invalid') {
          utf8 = false;
          break;
        }
      }
    }
    chosen = utf8 ? 'utf8' : 'windows874';
  }
  for (const field of layout) field.name = decodeText(field.nameBytes, chosen).trim();

  const records: (DbfValue[] | null)[] = [];
  for (let r = 0; r < count; r++) {
    const base = headerLength + r * recordLength;
    if (bytes[base] === 0x2a) {
      records.push(null);
      continue;
    }
    records.push(layout.map((field) => readValue(bytes, base + field.offset, field, chosen, r + 1)));
  }
  return {
    fields: layout.map(({ name, type, length, decimals }) => ({ name, type, length, decimals })),
    records,
    encoding: chosen,
    detected: !encoding,
  };
}
