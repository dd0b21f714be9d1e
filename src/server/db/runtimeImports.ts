// Two of pglite.wasm's JavaScript imports (Emscripten's runtime) made cheaper on Node, by wrapping
// them when PGlite instantiates its module. Both were found in CPU profiles of the sample
// generator and of CREATE EXTENSION postgis (issue 29):
// - `_dlsym_js`, which postgres calls for each C function of a library, at CREATE FUNCTION (the
//   function and its pg_finfo_ record) and at a function's first call in a session. It runs
//   `Object.keys(lib.exports).indexOf(symbol)` every time; a library's export object, with thousands
//   of properties, is a dictionary-mode object whose keys V8 collects and sorts on each call: ~1 ms
//   a call for postgis-3.so's 11,127 exports, 2.0 s of CREATE EXTENSION postgis's 3.2 s here.
// - `random_get` (WASI), which calls crypto.getRandomValues for every request however small. GEOS's
//   snap-rounding noder asks libc++'s std::random_device for 4 bytes per coordinate sequence it
//   indexes: 0.9 s of the generator's erosion and accretion overlays.
import { randomFillSync } from 'node:crypto';
import type { Extension } from '@electric-sql/pglite';

type Imports = Record<string, unknown>;
type WasmCall = (...args: number[]) => number;

interface IndexedKeys extends Array<string> {
  indexOf(name: string): number;
}

/** A key list that finds a name through a Map, for `indexOf` (all `_dlsym_js` asks of it). */
function indexedKeys(keys: string[]): IndexedKeys {
  const positions = new Map(keys.map((key, i) => [key, i]));
  return Object.defineProperty(keys, 'indexOf', { value: (name: string) => positions.get(name) ?? -1 });
}

/** Replaces `env[name]` by `wrap(original)`, keeping Emscripten's signature tag; absent, nothing changes. */
function wrapImport(env: Imports, name: string, wrap: (original: WasmCall) => WasmCall): void {
  const original = env[name];
  if (typeof original !== 'function') return;
  env[name] = Object.assign(wrap(original as WasmCall), { sig: (original as { sig?: string }).sig });
}

/**
 * `_dlsym_js` computes `Object.keys` of a loaded library's exports once per library. A side
 * module's export object never changes after it is loaded; the main module's symbol table (`env`
 * itself) grows as libraries load, so its keys are never cached.
 */
function cacheSymbolLookup(env: Imports): void {
  const objectKeys = Object.keys;
  const cache = new WeakMap<object, IndexedKeys>();
  const cachedKeys = (value: object): string[] => {
    if (value === env) return objectKeys(value);
    let keys = cache.get(value);
    if (!keys) cache.set(value, (keys = indexedKeys(objectKeys(value))));
    return keys;
  };
  wrapImport(env, '_dlsym_js', (lookup) => (...args) => {
    // Synchronous and single-threaded: no other code runs while Object.keys is swapped.
    Object.keys = cachedKeys;
    try {
      return lookup(...args);
    } finally {
      Object.keys = objectKeys;
    }
  });
}

/** Bytes drawn from the CSPRNG per refill; each byte is handed out once. */
const RANDOM_POOL_BYTES = 4096;

/** WASI's `random_get(pointer, length)` served from a pool that one randomFillSync call refills. */
function poolRandomBytes(wasi: Imports, memory: unknown): void {
  if (!(memory instanceof WebAssembly.Memory)) return;
  const pool = Buffer.alloc(RANDOM_POOL_BYTES);
  let used = pool.length;
  wrapImport(wasi, 'random_get', () => (pointer, length) => {
    const target = new Uint8Array(memory.buffer, pointer, length);
    if (length > pool.length) {
      randomFillSync(target);
      return 0;
    }
    if (used + length > pool.length) {
      randomFillSync(pool);
      used = 0;
    }
    target.set(pool.subarray(used, used + length));
    pool.fill(0, used, used + length); // handed out: not kept in the pool
    used += length;
    return 0;
  });
}

/** A PGlite "extension" that only wraps the instantiation's imports (PGlite lets extensions change its Emscripten options). */
export const fastRuntimeImports: Extension = {
  name: 'fast-runtime-imports',
  setup: async (_pg, emscriptenOpts) => {
    const instantiate = emscriptenOpts.instantiateWasm as (imports: Imports, done: unknown) => unknown;
    return {
      emscriptenOpts: {
        ...emscriptenOpts,
        instantiateWasm: (imports: Imports, done: unknown) => {
          const env = imports.env as Imports | undefined;
          if (env) {
            cacheSymbolLookup(env);
            poolRandomBytes((imports.wasi_snapshot_preview1 as Imports | undefined) ?? env, env.memory);
          }
          return instantiate(imports, done);
        },
      },
    };
  },
};
