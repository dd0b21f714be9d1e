// `npm run atlas -- --province 90` (or --district 9002, --beach-system T6-01-02): the atlas PDF of
// one area; `npm run atlas -- --all`: every coastal province into one folder with index.pdf
// (issue 26). Reads the config (CONFIG_DIR, default config/) and the database npm start serves
// (DATABASE_URL, else PGlite in PGLITE_DATA_DIR / data/pglite: stop the server first, one
// process per PGlite directory). Options: --out <dir> (default atlas/), --start/--end <year>,
// --only 90,82 (with --all), PUBLIC_URL for the permalinks (default http://localhost:8080).
import path from 'node:path';
import { parseArgs } from 'node:util';
import { formatConfigError, loadConfigDir } from '../src/loader/loadConfig.ts';
import type { AtlasAreaKind } from '../src/engine/atlasTypes.ts';
import { writeFileSync, mkdirSync } from 'node:fs';

const { values } = parseArgs({
  options: {
    province: { type: 'string' },
    district: { type: 'string' },
    'beach-system': { type: 'string' },
    all: { type: 'boolean' },
    only: { type: 'string' },
    out: { type: 'string', default: 'atlas' },
    start: { type: 'string' },
    end: { type: 'string' },
  },
});

const wanted = (['province', 'district', 'beach-system'] as const).filter((k) => values[k] !== undefined);
if (wanted.length + (values.all ? 1 : 0) !== 1) {
  console.error('usage: npm run atlas -- --province 90 | --district 9002 | --beach-system T6-01-02 | --all [--only 90,82] [--out atlas] [--start 2562 --end 2567]');
  process.exit(2);
}
const period = values.start && values.end ? { start: Number(values.start), end: Number(values.end) } : undefined;

const started = performance.now();
const configDir = path.resolve(process.env.CONFIG_DIR ?? 'config');
const loaded = await loadConfigDir(configDir);
if (!loaded.ok) {
  console.error(loaded.errors.map(formatConfigError).join('\n'));
  process.exit(1);
}
if (!loaded.atlas) {
  console.error(`${configDir}/atlas.yaml: file not found (the atlas's pages are declared there)`);
  process.exit(1);
}
const [{ useCatalog }, { openServingDatabase }, atlas, folder] = await Promise.all([
  import('../src/server/data/catalog.ts'),
  import('../src/server/database.ts'),
  import('../src/server/atlas/index.ts'),
  import('../src/server/atlas/folder.ts'),
]);
useCatalog(loaded.catalog.doc, loaded.catalog.layers);
const config = { atlas: loaded.atlas, bundle: loaded.bundle };
const origin = process.env.PUBLIC_URL || 'http://localhost:8080';
const { db } = await openServingDatabase({ sampleTemplate: process.env.PGLITE_SAMPLE_TEMPLATE !== '0' });
const seconds = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
try {
  const outDir = path.resolve(values.out!);
  if (values.all) {
    const entries = await folder.writeAtlasFolder(db, config, { outDir, origin, ...(values.only ? { only: values.only.split(',') } : {}), log: (line) => console.log(line) });
    console.log(`${entries.length} provinces and index.pdf in ${outDir} (${seconds()})`);
  } else {
    const kind: AtlasAreaKind = wanted[0]!;
    const code = values[kind]!;
    const pdf = await atlas.buildAtlasPdf(db, config, { kind, code, origin, ...(period ? { period } : {}) });
    if (!pdf) {
      console.error(`no ${kind} ${code} with a coast in the database`);
      process.exitCode = 1;
    } else {
      mkdirSync(outDir, { recursive: true });
      const file = path.join(outDir, folder.atlasFileName(kind, code));
      writeFileSync(file, pdf.bytes);
      console.log(`${file}: ${pdf.title}, period ${pdf.period.start}-${pdf.period.end} BE (${seconds()})`);
    }
  }
} finally {
  await db.close();
}
