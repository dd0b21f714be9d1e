import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import {
  dbfFieldName,
  readDbf,
  resolveEncoding,
  resolveFields,
  truncateUtf8,
  utf8Validity,
  writeDbf,
} from '../../../src/server/shapefile/index.ts';

const THAI = 'ผู้ใหญ่ น้ำ ที่ตั้ง ปู่ ฝั่ง';
const utf8 = (text: string) => new TextEncoder().encode(text);
const date = new Date(Date.UTC(2024, 0, 2));

describe('.dbf writer', () => {
  it('writes the exact header, descriptors and records of a tiny table', () => {
    const records = [{ name: 'เกาะยอ', n: 7 }, { name: 'A', n: null }];
    const fields = resolveFields(records);
    expect(fields).toEqual([
      { name: 'name', property: 'name', type: 'C', length: 18, decimals: 0 }, // 6 Thai characters, 3 bytes each
      { name: 'n', property: 'n', type: 'N', length: 1, decimals: 0 },
    ]);
    const dbf = writeDbf(records, fields, date);
    const v = new DataView(dbf.buffer);
    expect([dbf[0], dbf[1], dbf[2], dbf[3]]).toEqual([0x03, 124, 1, 2]); // dBase III, 2024-01-02
    expect(v.getUint32(4, true)).toBe(2);
    expect(v.getUint16(8, true)).toBe(32 + 2 * 32 + 1);
    expect(v.getUint16(10, true)).toBe(1 + 18 + 1);
    expect(dbf[29]).toBe(0); // no language driver: the .cpg says UTF-8
    expect(new TextDecoder().decode(dbf.subarray(32, 36))).toBe('name');
    expect(dbf.subarray(36, 43).every((b) => b === 0)).toBe(true);
    expect(String.fromCharCode(dbf[32 + 11]!)).toBe('C');
    expect(dbf[32 + 16]).toBe(18);
    expect(String.fromCharCode(dbf[64 + 11]!)).toBe('N');
    expect(dbf[96]).toBe(0x0d);
    const record1 = dbf.subarray(97, 97 + 20);
    expect(record1[0]).toBe(0x20);
    expect(Array.from(record1.subarray(1, 19))).toEqual(Array.from(utf8('เกาะยอ')));
    expect(String.fromCharCode(record1[19]!)).toBe('7');
    const record2 = new TextDecoder().decode(dbf.subarray(117, 137));
    expect(record2).toBe(` A${' '.repeat(17)} `); // null number: blanks
    expect(dbf.at(-1)).toBe(0x1a);
    expect(dbf.length).toBe(97 + 2 * 20 + 1);
  });

  it('measures C fields in UTF-8 bytes so Thai text is never cut', () => {
    const records = [{ t: THAI }, { t: 'สิงหนคร' }];
    const [field] = resolveFields(records);
    expect(field!.length).toBe(utf8(THAI).length);
    expect(field!.length).toBe(76);
    const back = readDbf(writeDbf(records, resolveFields(records)), 'utf8');
    expect(back.records).toEqual([[THAI], ['สิงหนคร']]);
  });

  it('cuts a too-long value between grapheme clusters, never inside a character or its marks', () => {
    // ผู้ is three code points (ผ + ู + ้), 9 bytes; a 10-byte limit keeps it whole and drops ใ.
    expect(new TextDecoder().decode(truncateUtf8('ผู้ใหญ่', 10))).toBe('ผู้');
    // 8 bytes cannot hold the whole cluster: nothing of it is kept (no bare ผ without its marks).
    expect(new TextDecoder().decode(truncateUtf8('ผู้ใหญ่', 8))).toBe('');
    const long = 'น้ำ'.repeat(100); // 900 bytes
    const fields = resolveFields([{ t: long }]);
    expect(fields[0]!.length).toBe(254);
    const [[value]] = readDbf(writeDbf([{ t: long }], fields), 'utf8').records as [[string]];
    expect(value).toBe('น้ำ'.repeat(28)); // 28 * 9 = 252 bytes
    expect(utf8Validity(utf8(value))).toBe('valid');
    const fixed = resolveFields([{ t: THAI }], [{ name: 't', type: 'C', length: 20 }]);
    // ผู้ ใ ห take 15 bytes; ญ่ (6 bytes) would make 21.
    expect(readDbf(writeDbf([{ t: THAI }], fixed), 'utf8').records[0]).toEqual(['ผู้ให']);
  });

  it('makes field names ASCII, at most 10 bytes and unique', () => {
    const taken = new Set<string>();
    expect(['shoreline_length', 'shoreline_lengths', 'ชื่อ', 'ชื่อ', 'name', 'NAME', '2562', 'a b-c'].map((n) => dbfFieldName(n, taken))).toEqual([
      'shoreline_',
      'shorelin_1',
      'FIELD',
      'FIELD_1',
      'name',
      'NAME_1',
      'F2562',
      'a_b_c',
    ]);
  });

  it('infers N with decimals, L and D, and writes nulls as readers expect', () => {
    const records = [
      { a: 1.5, b: true, c: new Date(Date.UTC(2019, 1, 18)), d: 12345678901 },
      { a: -0.125, b: false, c: null, d: -1 },
      { a: null, b: null, c: null, d: null },
    ];
    const fields = resolveFields(records);
    expect(fields.map(({ type, length, decimals }) => [type, length, decimals])).toEqual([
      ['N', 6, 3],
      ['L', 1, 0],
      ['D', 8, 0],
      ['N', 11, 0],
    ]);
    const back = readDbf(writeDbf(records, fields), 'utf8');
    expect(back.records).toEqual([
      ['1.500', true, '2019-02-18', '12345678901'],
      ['-0.125', false, null, '-1'],
      [null, null, null, null],
    ]);
  });

  it('writes objects as JSON text and mixed values as text', () => {
    const records = [{ x: { a: 1 }, y: 1 }, { x: [1, 2], y: 'สอง' }];
    const back = readDbf(writeDbf(records, resolveFields(records)), 'utf8');
    expect(back.fields.map((f) => f.type)).toEqual(['C', 'C']);
    expect(back.records).toEqual([['{"a":1}', '1'], ['[1,2]', 'สอง']]);
  });
});

describe('.dbf reader encodings', () => {
  const records = [{ name: 'เกาะยอ', amp: 'สิงหนคร' }, { name: THAI, amp: null }];

  function windows874Dbf(): Uint8Array {
    // The same table with windows-874 text: re-encode every C value, byte lengths from 874.
    const fields = resolveFields(records).map((f) => ({ ...f, length: 40 }));
    const dbf = writeDbf([], fields);
    const header = dbf.subarray(0, dbf.length - 1);
    const rows = records.map((record) => {
      const row = new Uint8Array(1 + 80).fill(0x20);
      fields.forEach((field, i) => {
        const value = record[field.property as 'name' | 'amp'];
        if (value) row.set(iconv.encode(value, 'windows874'), 1 + 40 * i);
      });
      return row;
    });
    const out = new Uint8Array(header.length + rows.length * 81 + 1);
    out.set(header);
    rows.forEach((row, i) => out.set(row, header.length + 81 * i));
    out[out.length - 1] = 0x1a;
    new DataView(out.buffer).setUint32(4, rows.length, true);
    return out;
  }

  it('detects UTF-8 and windows-874 when no encoding is given', () => {
    const u = readDbf(writeDbf(records, resolveFields(records)));
    expect([u.encoding, u.detected]).toEqual(['utf8', true]);
    expect(u.records).toEqual([['เกาะยอ', 'สิงหนคร'], [THAI, null]]);
    const t = readDbf(windows874Dbf());
    expect(t.encoding).toBe('windows874');
    expect(t.records).toEqual([['เกาะยอ', 'สิงหนคร'], [THAI, null]]);
  });

  it('uses the given encoding', () => {
    expect(readDbf(windows874Dbf(), 'windows874').records[0]).toEqual(['เกาะยอ', 'สิงหนคร']);
    expect(readDbf(windows874Dbf(), 'utf8').records[0]).not.toEqual(['เกาะยอ', 'สิงหนคร']);
  });

  it('reads every Thai spelling of .cpg values, and others iconv knows', () => {
    for (const name of ['TIS-620', 'tis620', '874', 'CP874', 'windows-874', 'WINDOWS874', 'ANSI 874', 'ISO-8859-11', 'x-windows-874']) {
      expect(resolveEncoding(name), name).toBe('windows874');
    }
    for (const name of ['UTF-8', 'utf8', ' UTF-8\r\n', '65001']) expect(resolveEncoding(name), name).toBe('utf8');
    expect(resolveEncoding('1252')).toBe('cp1252');
    expect(resolveEncoding('ISO-8859-1')).toBe('iso88591');
    expect(resolveEncoding('klingon')).toBeNull();
  });

  it('tolerates a UTF-8 character cut at the end of a fixed-width field', () => {
    const bytes = utf8('เกาะยอ').subarray(0, 16); // 5 characters and 1 byte of the sixth
    expect(utf8Validity(bytes)).toBe('tail');
    expect(utf8Validity(iconv.encode('เกาะยอ', 'windows874'))).toBe('invalid');
    const fields = resolveFields([{ t: 'x' }], [{ name: 't', type: 'C', length: 16 }]);
    const dbf = writeDbf([{ t: 'x' }], fields);
    dbf.set(bytes, 32 + 32 + 1 + 1);
    const read = readDbf(dbf);
    expect(read.encoding).toBe('utf8');
    expect(read.records[0]).toEqual(['เกาะย']);
  });

  it('refuses a truncated file and a broken number, naming the record', () => {
    const records2 = [{ n: 1 }, { n: 2 }];
    const dbf = writeDbf(records2, resolveFields(records2));
    expect(() => readDbf(dbf.subarray(0, dbf.length - 3))).toThrow(/truncated: the header says 2 records/);
    const broken = dbf.slice();
    broken[32 + 32 + 1 + 2 + 1] = 'x'.charCodeAt(0); // record 2's number
    expect(() => readDbf(broken)).toThrow(expect.objectContaining({ record: 2, message: 'field n: "x" is not a number' }));
  });

  it('skips deleted records (null) and keeps the others in place', () => {
    const records2 = [{ n: 1 }, { n: 2 }, { n: 3 }];
    const dbf = writeDbf(records2, resolveFields(records2));
    dbf[32 + 32 + 1 + 2] = 0x2a; // record 2 deleted
    expect(readDbf(dbf).records).toEqual([['1'], null, ['3']]);
  });
});
