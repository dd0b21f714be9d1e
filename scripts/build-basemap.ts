// Builds the offline base map's detailed land (src/server/basemap/detailBuild.ts) into the cache
// unless it is there, and prints the time it took and the artefact's size. The server runs it in a
// child process when it starts without the artefact.
//
//   npx tsx scripts/build-basemap.ts [cacheDir] [--force]
import { rmSync, statSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { DEFAULT_CACHE_DIR, detailArtefactPath, ensureDetailedBasemap } from '../src/server/basemap/detailBuild.ts';

const { values, positionals } = parseArgs({ options: { force: { type: 'boolean', default: false } }, allowPositionals: true });
const cacheDir = positionals[0] ?? DEFAULT_CACHE_DIR;
if (values.force) rmSync(detailArtefactPath(cacheDir), { force: true });

const started = performance.now();
const file = ensureDetailedBasemap(cacheDir);
const seconds = ((performance.now() - started) / 1000).toFixed(2);
console.log(`basemap: ${file}: ${statSync(file).size} bytes, ${seconds} s, peak RSS ${Math.round(process.resourceUsage().maxRSS / 1024)} MB`);
