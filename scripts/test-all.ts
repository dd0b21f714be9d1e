// `npm test`: everything CI runs. Builds the client when dist/ is not up to date, then runs each vitest project in turn,
// prints each suite's counts and ends with one line `N passed, N failed` (the last line).
// Exit code 1 when a test failed, a suite could not run, or the build failed.
//
// To add a suite (e.g. a `server-pg` project in vitest.config.ts), add its name to PROJECTS.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';
import { buildClientRecorded, clientBuildReason } from '../src/server/build-if-needed.ts';

const PROJECTS = ['unit', 'server', 'server-pg', 'e2e'] as const;
/** Projects that need the built client (dist/). */
const NEEDS_BUILD = new Set<string>(['e2e']);

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);

interface SuiteResult {
  name: string;
  passed: number;
  failed: number;
  skipped: number;
  seconds: number;
  note?: string;
  /** The slowest test files (where the run's time goes, for CI logs). */
  slowest?: Array<{ file: string; seconds: number }>;
  /** Each failed test: file > name: the message's first line. */
  failures?: string[];
}

function run(command: string, args: string[]): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'inherit', 'inherit'], env: process.env });
    child.on('error', (error) => {
      console.error(`cannot run ${command}: ${error.message}`);
      resolve(127);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
}

const seconds = (since: number) => (performance.now() - since) / 1000;
/** A failure message's first line, short enough for a summary. */
const firstLine = (message = '') => (stripVTControlCharacters(message).split('\n').find((line) => line.trim()) ?? '').trim().slice(0, 300);

/**
 * The client build, unless dist/ was built from the sources there now (npm install's prepare
 * builds it; CI then saved half a minute of building it again). Recorded as `npm start` records
 * it, so the e2e setup finds it up to date too.
 */
async function build(): Promise<SuiteResult> {
  const started = performance.now();
  const reason = await clientBuildReason(root);
  console.log(`\n=== build: ${reason ? `vite build (${reason})` : 'dist/ is up to date'} ===`);
  if (!reason) return { name: 'build', passed: 1, failed: 0, skipped: 0, seconds: seconds(started) };
  let code = 0;
  // a failed build throws before its inputs are recorded: the next run builds again
  await buildClientRecorded(root, async () => {
    code = await run(bin('vite'), ['build']);
    if (code !== 0) throw new Error(`vite build exited with ${code}`);
  }).catch(() => undefined);
  const ok = code === 0 && existsSync(path.join(root, 'dist', 'index.html'));
  return { name: 'build', passed: ok ? 1 : 0, failed: ok ? 0 : 1, skipped: 0, seconds: seconds(started), note: ok ? undefined : `vite build exited with ${code}` };
}

/** The parts of vitest's JSON report (Jest-compatible) that we read. */
interface JsonReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  numFailedTestSuites: number;
  testResults: Array<{
    name: string;
    status: string;
    message?: string;
    startTime: number;
    endTime: number;
    assertionResults: Array<{ status: string; fullName: string; failureMessages?: string[] }>;
  }>;
}

async function runProject(project: string): Promise<SuiteResult> {
  const started = performance.now();
  console.log(`\n=== ${project}: vitest run --project ${project} ===`);
  const dir = mkdtempSync(path.join(tmpdir(), `test-all-${project}-`));
  const report = path.join(dir, 'report.json');
  try {
    const code = await run(bin('vitest'), ['run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`]);
    if (!existsSync(report)) {
      return { name: project, passed: 0, failed: 1, skipped: 0, seconds: seconds(started), note: `could not run (vitest exited with ${code}, no report)` };
    }
    const json = JSON.parse(readFileSync(report, 'utf8')) as JsonReport;
    // A test file that fails to load (syntax error, failing hook) has no failed test: count it once.
    const brokenFiles = json.testResults.filter((f) => f.status === 'failed' && !f.assertionResults.some((a) => a.status === 'failed'));
    const failed = json.numFailedTests + brokenFiles.length;
    const total = json.numPassedTests + failed;
    const slowest = json.testResults
      .map((f) => ({ file: path.relative(root, f.name), seconds: (f.endTime - f.startTime) / 1000 }))
      .sort((a, b) => b.seconds - a.seconds)
      .slice(0, 6);
    // Named again in the summary: CI keeps only the log's tail.
    const failures = json.testResults.flatMap((f) => {
      const file = path.relative(root, f.name);
      const tests = f.assertionResults.filter((a) => a.status === 'failed');
      if (!tests.length && f.status === 'failed') return [`${file}: ${firstLine(f.message)}`];
      return tests.map((a) => `${file} > ${a.fullName}: ${firstLine(a.failureMessages?.[0])}`);
    });
    let note: string | undefined;
    if (brokenFiles.length) note = `${brokenFiles.length} file(s) failed outside tests: ${brokenFiles.map((f) => path.relative(root, f.name)).join(', ')}`;
    if (total === 0) return { name: project, passed: 0, failed: 1, skipped: 0, seconds: seconds(started), note: 'could not run: no tests ran' };
    if (code !== 0 && failed === 0) return { name: project, passed: json.numPassedTests, failed: 1, skipped: json.numPendingTests + json.numTodoTests, seconds: seconds(started), note: `vitest exited with ${code}` };
    return { name: project, passed: json.numPassedTests, failed, skipped: json.numPendingTests + json.numTodoTests, seconds: seconds(started), note, slowest, failures };
  } catch (error) {
    return { name: project, passed: 0, failed: 1, skipped: 0, seconds: seconds(started), note: `could not run: ${String(error)}` };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const results: SuiteResult[] = [];
const built = await build();
results.push(built);
for (const project of PROJECTS) {
  if (NEEDS_BUILD.has(project) && built.failed > 0) {
    results.push({ name: project, passed: 0, failed: 1, skipped: 0, seconds: 0, note: 'not run: the client build failed' });
    continue;
  }
  results.push(await runProject(project));
}

// Tests only: the build step is reported, and fails the run, but is not a test.
const suites = results.filter((r) => r.name !== 'build' || r.failed > 0);
const passed = suites.reduce((n, r) => n + (r.name === 'build' ? 0 : r.passed), 0);
const failed = suites.reduce((n, r) => n + r.failed, 0);

console.log('\n=== slowest test files ===');
for (const r of results) for (const f of r.slowest ?? []) console.log(`${r.name.padEnd(9)} ${f.seconds.toFixed(1).padStart(6)} s  ${f.file}`);

const failures = results.flatMap((r) => (r.failures ?? []).map((f) => `${r.name.padEnd(9)} ${f}`));
if (failures.length) {
  console.log('\n=== failed tests ===');
  for (const f of failures) console.log(f);
}

console.log('\n=== summary ===');
const width = Math.max(...results.map((r) => r.name.length));
for (const r of results) {
  const counts = r.name === 'build' ? (r.failed ? 'failed' : 'ok') : `${r.passed} passed, ${r.failed} failed${r.skipped ? `, ${r.skipped} skipped` : ''}`;
  console.log(`${r.name.padEnd(width)}  ${counts}  (${r.seconds.toFixed(1)} s)${r.note ? `  ${r.note}` : ''}`);
}
console.log(`${passed} passed, ${failed} failed`);
process.exitCode = failed > 0 ? 1 : 0;
