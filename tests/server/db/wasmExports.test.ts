// keepExports (src/server/db/wasmExports.ts): a module written by hand with three exported
// functions keeps the chosen ones, which still run; the other sections are untouched.
import { describe, expect, it } from 'vitest';
import { keepExports } from '../../../src/server/db/wasmExports.ts';

/** (func (result i32) i32.const N) three times, exported as one, two, three; a custom section first. */
function threeExports(): Buffer {
  const section = (id: number, payload: number[]) => [id, payload.length, ...payload];
  const name = (text: string) => [text.length, ...Buffer.from(text)];
  const body = (n: number) => [4, 0, 0x41, n, 0x0b]; // size, no locals, i32.const n, end
  return Buffer.from([
    0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00,
    ...section(0, [...name('note'), 1, 2, 3]),
    ...section(1, [1, 0x60, 0, 1, 0x7f]), // one type: [] -> [i32]
    ...section(3, [3, 0, 0, 0]),
    ...section(7, [3, ...name('one'), 0, 0, ...name('two'), 0, 1, ...name('three'), 0, 2]),
    ...section(10, [3, ...body(1), ...body(2), ...body(3)]),
  ]);
}

const exportsOf = (binary: Buffer) => new WebAssembly.Instance(new WebAssembly.Module(new Uint8Array(binary))).exports as Record<string, () => number>;

describe('keepExports', () => {
  it('keeps the exports chosen, which still run, and nothing else', () => {
    const binary = threeExports();
    expect(Object.keys(exportsOf(binary))).toEqual(['one', 'two', 'three']);
    const trimmed = keepExports(binary, (name) => name !== 'two');
    const kept = exportsOf(trimmed);
    expect(Object.keys(kept)).toEqual(['one', 'three']);
    expect([kept.one!(), kept.three!()]).toEqual([1, 3]);
    expect(WebAssembly.Module.customSections(new WebAssembly.Module(new Uint8Array(trimmed)), 'note').map((b) => [...new Uint8Array(b)])).toEqual([[1, 2, 3]]);
    expect(trimmed.length).toBe(binary.length - 6); // "two" with its length, kind and index
  });

  it('returns the binary itself when it keeps every export, and refuses what is not WebAssembly', () => {
    const binary = threeExports();
    expect(keepExports(binary, () => true)).toBe(binary);
    expect(keepExports(binary, () => false).length).toBe(binary.length - 20);
    expect(() => keepExports(Buffer.from('not wasm'), () => true)).toThrow(/not a WebAssembly binary/);
  });
});
