// `npm run bench`: every benchmark in turn, each in its own process (its full report goes to
// bench-results/<name>.log), then one table of the headline figures with the aim each issue set.
// Best run on an idle machine: wall-clock figures follow the machine's load (printed at the end).
//
//   npm run bench [-- --only start,clone,server,mapserver,soak,search,transects,client,report,trend,basemap,compare,atlas]
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchFigure } from './lib/benchResult.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const OUT = path.join(ROOT, 'bench-results');
const RESULTS = path.join(OUT, 'figures.jsonl');
const startDir = path.join(tmpdir(), 'bench-all-pglite');

interface Bench {
  name: string;
  script: string;
  args?: string[];
  env?: Record<string, string>;
}

const BENCHES: Bench[] = [
  { name: 'start', script: 'bench-start.ts', env: { BENCH_KEEP_DATA_DIR: startDir } },
  { name: 'clone', script: 'bench-clone.ts' },
  { name: 'server', script: 'bench-server.ts', args: ['--db', 'both', '--conc', '1,4', '--duration', '6'] },
  { name: 'mapserver', script: 'bench-mapserver.ts', args: ['--fair', '--scale', '1,10'] },
  { name: 'soak', script: 'bench-soak.ts', args: ['--duration', '180'] },
  { name: 'search', script: 'bench-search.ts', args: ['--requests', '500'] },
  { name: 'transects', script: 'bench-transects.ts', args: ['--runs', '10'], env: { PGLITE_DATA_DIR: startDir } },
  { name: 'client', script: 'bench-client.ts' },
  { name: 'report', script: 'bench-report.ts', env: { BENCH_RUNS: '3' } },
  { name: 'trend', script: 'bench-trend-click.ts', env: { BENCH_RUNS: '10' } },
  { name: 'basemap', script: 'bench-basemap.ts' },
  { name: 'compare', script: 'bench-compare.ts' },
  { name: 'atlas', script: 'bench-atlas.ts' },
];

const only = process.argv.includes('--only') ? new Set(process.argv[process.argv.indexOf('--only') + 1]!.split(',')) : undefined;
mkdirSync(OUT, { recursive: true });
rmSync(RESULTS, { force: true });

function runBench(b: Bench): Promise<number> {
  const log = createWriteStream(path.join(OUT, `${b.name}.log`));
  const child = spawn(process.execPath, ['--import', 'tsx', path.join('scripts', b.script), ...(b.args ?? [])], {
    cwd: ROOT,
    env: { ...process.env, ...b.env, BENCH_RESULTS: RESULTS },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  return new Promise((resolve) => child.once('exit', (code) => log.end(() => resolve(code ?? 1))));
}

const failed: string[] = [];
for (const b of BENCHES.filter((x) => !only || only.has(x.name))) {
  const t = performance.now();
  process.stdout.write(`${b.name} ... `);
  const code = await runBench(b);
  // a bench exits 1 when its figure misses its aim: the table says so; other codes are failures
  console.log(`${((performance.now() - t) / 1000).toFixed(0)} s${code === 0 ? '' : ` (exit ${code}, see bench-results/${b.name}.log)`}`);
  if (code !== 0 && code !== 1) failed.push(b.name);
}
rmSync(startDir, { recursive: true, force: true });

const figures: BenchFigure[] = existsSync(RESULTS)
  ? readFileSync(RESULTS, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as BenchFigure)
  : [];
const number = (v: number) => (Math.abs(v) >= 100 ? v.toFixed(0) : Math.abs(v) >= 10 ? v.toFixed(1) : v.toFixed(2));
const rows = figures.map((f) => [
  f.bench,
  f.measure,
  `${number(f.value)} ${f.unit}`,
  f.target ? `${f.target.op} ${number(f.target.value)} ${f.unit}` : '',
  f.target ? ((f.target.op === '<=' ? f.value <= f.target.value : f.value >= f.target.value) ? 'met' : 'NOT met') : '',
]);
const head = ['bench', 'measure', 'value', 'aim', ''];
const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
console.log(`\n${line(head)}\n|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
for (const r of rows) console.log(line(r));
console.log(`\nload average ${loadavg().map((l) => l.toFixed(1)).join(' ')} on ${availableParallelism()} cores; full reports in bench-results/`);
if (failed.length) {
  console.log(`failed: ${failed.join(', ')}`);
  process.exit(2);
}
