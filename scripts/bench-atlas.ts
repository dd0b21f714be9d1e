// The province atlas (issue 26): the first PDF after the database opens (cold: fonts, pdfmake,
// vega and the base map load), one province warm (the largest of the sample, Phang Nga 82, and
// Songkhla 90), a district and a beach system, then every coastal province into one folder
// (npm run atlas -- --all). Aims: one area <= 10 s, all coastal provinces <= 3 min. On a copy of
// the prebuilt sample database.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfigDir } from '../src/loader/loadConfig.ts';
import { buildAtlasPdf } from '../src/server/atlas/index.ts';
import { writeAtlasFolder } from '../src/server/atlas/folder.ts';
import { useCatalog } from '../src/server/data/catalog.ts';
import { prebuildSampleDatabase } from '../src/server/db/ensure.ts';
import { openDatabase } from '../src/server/db/open.ts';
import { recordFigures } from './lib/benchResult.ts';

const loaded = await loadConfigDir(path.resolve('config'));
if (!loaded.ok || !loaded.atlas) throw new Error('config/ or config/atlas.yaml does not load');
useCatalog(loaded.catalog.doc, loaded.catalog.layers);
const config = { atlas: loaded.atlas, bundle: loaded.bundle };
const dir = mkdtempSync(path.join(tmpdir(), 'bench-atlas-'));
cpSync(await prebuildSampleDatabase(), path.join(dir, 'db'), { recursive: true });
const db = await openDatabase({ dataDir: path.join(dir, 'db') });
const origin = 'http://localhost:8080';

async function timed(kind: 'province' | 'district' | 'beach-system', code: string): Promise<number> {
  const t = performance.now();
  await buildAtlasPdf(db, config, { kind, code, origin });
  const s = (performance.now() - t) / 1000;
  console.log(`${kind} ${code}: ${s.toFixed(1)} s`);
  return s;
}

try {
  const cold = await timed('province', '90');
  const warm = Math.max(await timed('province', '82'), await timed('province', '90'));
  await timed('district', '9002');
  await timed('beach-system', 'T6-01-02');
  const t = performance.now();
  const entries = await writeAtlasFolder(db, config, { outDir: path.join(dir, 'all'), origin });
  const all = (performance.now() - t) / 1000;
  console.log(`--all: ${entries.length} provinces and index.pdf in ${all.toFixed(1)} s (slowest ${Math.max(...entries.map((e) => e.ms)) / 1000} s); load average ${loadavg()[0]!.toFixed(1)}`);
  recordFigures([
    { bench: 'atlas', measure: 'first area PDF after the database opens', value: cold, unit: 's', target: { op: '<=', value: 10 } },
    { bench: 'atlas', measure: 'one province PDF (slowest of 82, 90)', value: warm, unit: 's', target: { op: '<=', value: 10 } },
    { bench: 'atlas', measure: `all ${entries.length} coastal provinces + index`, value: all, unit: 's', target: { op: '<=', value: 180 } },
  ]);
  process.exitCode = warm <= 10 && all <= 180 ? 0 : 1;
} finally {
  await db.close();
  rmSync(dir, { recursive: true, force: true });
}
