// Text encodings of .dbf files. Thai data comes in UTF-8 or TIS-620 / windows-874 (874): the
// .cpg names it when there is one (any spelling GIS tools write), otherwise we detect it.

import { lazyPackage } from '../../loader/lazyPackage.ts';

const iconv = lazyPackage<typeof import('iconv-lite')>('iconv-lite');

/** A canonical encoding name iconv-lite knows: 'utf8', 'windows874', or another iconv-lite name. */
export type DbfEncoding = string;

/**
 * The encoding for a .cpg text or a user's --encoding value; null when unknown. All the Thai
 * spellings map to windows-874, a superset of TIS-620 (it adds 0x80-0x9F and NBSP at 0xA0).
 */
export function resolveEncoding(name: string): DbfEncoding | null {
  const key = name.trim().toLowerCase().replace(/[\s_-]/g, '');
  if (key === '') return null;
  if (['utf8', '65001', 'unicode'].includes(key)) return 'utf8';
  if (['tis620', 'tis6200', 'tis62025330', '874', 'cp874', 'windows874', 'ansi874', 'ms874', 'xwindows874', 'iso885911', '885911', 'thai', 'ibm874', 'dos874'].includes(key)) {
    return 'windows874';
  }
  const candidates = /^\d+$/.test(key) ? [`cp${key}`, `windows${key}`] : [key];
  for (const candidate of candidates) if (iconv().encodingExists(candidate)) return candidate;
  return null;
}

/**
 * How a span of bytes reads as UTF-8: 'valid', 'tail' (valid except for a character cut off at
 * the end, which fixed-width fields cause) or 'invalid'.
 */
export function utf8Validity(bytes: Uint8Array, start = 0, end = bytes.length): 'valid' | 'tail' | 'invalid' {
  let i = start;
  while (i < end) {
    const byte = bytes[i]!;
    if (byte < 0x80) {
      i++;
      continue;
    }
    let need: number;
    let min: number;
    if (byte >= 0xc2 && byte <= 0xdf) [need, min] = [1, 0x80];
    else if (byte >= 0xe0 && byte <= 0xef) [need, min] = [2, 0x800];
    else if (byte >= 0xf0 && byte <= 0xf4) [need, min] = [3, 0x10000];
    else return 'invalid';
    let code = byte & (0x3f >> need);
    for (let k = 1; k <= need; k++) {
      if (i + k >= end) return 'tail';
      const next = bytes[i + k]!;
      if ((next & 0xc0) !== 0x80) return 'invalid';
      code = (code << 6) | (next & 0x3f);
    }
    if (code < min || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return 'invalid';
    i += need + 1;
  }
  return 'valid';
}

const utf8Decoder = new TextDecoder('utf-8');

/** Decodes bytes; for UTF-8 a character cut off at the end is dropped rather than shown as U+FFFD. */
export function decodeText(bytes: Uint8Array, encoding: DbfEncoding): string {
  if (encoding === 'utf8') {
    let end = bytes.length;
    if (utf8Validity(bytes) === 'tail') {
      while (end > 0 && (bytes[end - 1]! & 0xc0) === 0x80) end--;
      if (end > 0) end--; // the lead byte
    }
    return utf8Decoder.decode(bytes.subarray(0, end));
  }
  return iconv().decode(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), encoding);
}
