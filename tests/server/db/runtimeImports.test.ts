// fastRuntimeImports (src/server/db/runtimeImports.ts), on imports shaped like pglite.wasm's:
// - the wrapped `_dlsym_js` gives what Emscripten's own gives (called as PGlite's is, on objects
//   like a library's exports and the main module's symbol table), lists a library's keys once, and
//   leaves Object.keys as it was;
// - the wrapped `random_get` fills what it is asked for with fresh bytes, never the same twice.
// PGlite itself runs through both in every server test (postgisFiles.test.ts: CREATE EXTENSION).
import { describe, expect, it } from 'vitest';
import { fastRuntimeImports } from '../../../src/server/db/runtimeImports.ts';

/** What `_dlsym_js` does with the keys: the symbol's position among the library's exports. */
function emscriptenLookup(libraries: Record<number, object>, names: string[]) {
  return (handle: number, symbol: number) => Object.keys(libraries[handle]!).indexOf(names[symbol]!);
}

async function wrappedImports(env: Record<string, unknown>): Promise<Record<string, unknown>> {
  const imports = { env, wasi_snapshot_preview1: env };
  const { emscriptenOpts } = (await fastRuntimeImports.setup({} as never, { instantiateWasm: () => ({}) } as never)) as {
    emscriptenOpts: { instantiateWasm: (imports: unknown, done: unknown) => unknown };
  };
  emscriptenOpts.instantiateWasm(imports, () => {});
  return imports.env;
}

describe('fastRuntimeImports: _dlsym_js', () => {
  it("finds each symbol where Emscripten's lookup does, listing a library's keys once", async () => {
    const exports: Record<string, number> = {};
    for (let i = 0; i < 5000; i++) exports[`fn_${i}`] = i;
    let listed = 0;
    const library = new Proxy(exports, { ownKeys: (target) => (listed++, Reflect.ownKeys(target)) });
    const names = ['fn_0', 'fn_4321', 'fn_4999', 'missing'];
    const env: Record<string, unknown> = { main_fn: 1 };
    env._dlsym_js = emscriptenLookup({ 0: env, 1: library }, names);
    const lookup = (await wrappedImports(env))._dlsym_js as (handle: number, symbol: number) => number;
    const objectKeys = Object.keys;
    expect(names.map((_, i) => lookup(1, i))).toEqual([0, 4321, 4999, -1]);
    expect(listed).toBe(1);
    expect(Object.keys).toBe(objectKeys);
  });

  it("lists the main module's symbol table afresh, as libraries add to it", async () => {
    const names = ['late_fn'];
    const env: Record<string, unknown> = {};
    env._dlsym_js = emscriptenLookup({ 0: env }, names);
    const lookup = (await wrappedImports(env))._dlsym_js as (handle: number, symbol: number) => number;
    expect(lookup(0, 0)).toBe(-1);
    env.late_fn = () => 0;
    expect(lookup(0, 0)).toBe(Object.keys(env).indexOf('late_fn'));
  });

  it('restores Object.keys when the lookup throws, and leaves a build without _dlsym_js alone', async () => {
    const env: Record<string, unknown> = { _dlsym_js: () => { throw new Error('no such library'); } };
    const lookup = (await wrappedImports(env))._dlsym_js as () => number;
    const objectKeys = Object.keys;
    expect(() => lookup()).toThrow(/no such library/);
    expect(Object.keys).toBe(objectKeys);
    const plain = { other: 1 };
    expect(await wrappedImports(plain)).toEqual({ other: 1 });
  });
});

describe('fastRuntimeImports: random_get', () => {
  it('fills each request in memory with fresh random bytes, small and large, across refills', async () => {
    const memory = new WebAssembly.Memory({ initial: 2 });
    let calls = 0;
    const env: Record<string, unknown> = { memory, random_get: () => (calls++, 0) };
    const randomGet = (await wrappedImports(env)).random_get as (pointer: number, length: number) => number;
    const heap = new Uint8Array(memory.buffer);
    const seen = new Set<string>();
    for (let i = 0; i < 3000; i++) {
      expect(randomGet(100, 4)).toBe(0);
      seen.add(Buffer.from(heap.subarray(100, 104)).toString('hex'));
    }
    expect(seen.size).toBeGreaterThan(2990); // 3000 draws of 32 bits: a repeat is rare, many are a broken pool
    expect(randomGet(1000, 10_000)).toBe(0);
    const large = heap.subarray(1000, 11_000);
    expect(large.filter((b) => b === 0).length).toBeLessThan(100); // ~39 zeros expected, not a blank
    expect(calls).toBe(0); // served by the wrapper, not the original
  });
});
