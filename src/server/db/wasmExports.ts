// A WebAssembly binary with fewer exports: its export section rewritten, every other section copied
// byte for byte (the WebAssembly core spec, binary format: a section is an id byte, a LEB128 size and
// its payload; the export section, id 7, is a vector of name, kind byte and LEB128 index).

const EXPORT_SECTION = 7;
const HEADER = 8; // "\0asm" and the version

function readLeb(bytes: Uint8Array, at: number): { value: number; next: number } {
  let value = 0;
  let shift = 0;
  let next = at;
  for (;;) {
    const byte = bytes[next++];
    if (byte === undefined) throw new Error(`WebAssembly binary ends inside a number at byte ${at}`);
    value += (byte & 0x7f) * 2 ** shift;
    shift += 7;
    if (!(byte & 0x80)) return { value, next };
  }
}

function leb(value: number): Buffer {
  const out: number[] = [];
  let rest = value;
  do {
    const low = rest % 128;
    rest = Math.floor(rest / 128);
    out.push(rest ? low | 0x80 : low);
  } while (rest);
  return Buffer.from(out);
}

/** The binary with only the exports whose names `keep` accepts; `binary` itself when it keeps all. */
export function keepExports(binary: Buffer, keep: (name: string) => boolean): Buffer {
  if (binary.readUInt32LE(0) !== 0x6d736100) throw new Error('not a WebAssembly binary');
  const parts: Buffer[] = [binary.subarray(0, HEADER)];
  let dropped = 0;
  for (let at = HEADER; at < binary.length; ) {
    const id = binary[at]!;
    const size = readLeb(binary, at + 1);
    const end = size.next + size.value;
    if (id !== EXPORT_SECTION) {
      parts.push(binary.subarray(at, end));
      at = end;
      continue;
    }
    const count = readLeb(binary, size.next);
    const kept: Buffer[] = [];
    for (let i = 0, entry = count.next; i < count.value; i++) {
      const nameLength = readLeb(binary, entry);
      const name = binary.toString('utf8', nameLength.next, nameLength.next + nameLength.value);
      const next = readLeb(binary, nameLength.next + nameLength.value + 1).next; // past the kind byte and the index
      if (keep(name)) kept.push(binary.subarray(entry, next));
      else dropped++;
      entry = next;
    }
    const payload = Buffer.concat([leb(kept.length), ...kept]);
    parts.push(Buffer.from([EXPORT_SECTION]), leb(payload.length), payload);
    at = end;
  }
  return dropped ? Buffer.concat(parts) : binary;
}
