// npm packages that most runs of a program never call, loaded on their first use instead of with
// the module that names them. A server start loads every module its routes reach; before this it
// also loaded yaml and ajv (its config comes from the cache), the canvas binding (only a map, a
// legend or an error image draws), fflate and iconv-lite (only downloads and imports). Loading them
// took main-thread time that PGlite's open, beside it, needs too: a warm start (spawn to the first
// router answer) went from 1.86 to 1.67 s, medians of 10 alternated runs (issue 29).
// `require` through createRequire, so that synchronous code can ask for them. Each package named
// here is loaded only through here, or is CommonJS under Node, so that an `import` of it elsewhere
// (the sample generator's of yaml) gets the same copy.
import { createRequire } from 'node:module';

const requireHere = createRequire(import.meta.url);

/** A getter of package `name`, which loads it on the first call; type it with `typeof import(name)`. */
export function lazyPackage<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= requireHere(name) as T);
}
