// `npm run profile:client` (issue 13): where the page's main thread spends its time on /maps/cmline
// and on bench:client's bare MapLibre page (same offline style, same map size), from navigation to
// the first map idle. V8's CPU profile (CDP Profiler, 1 ms samples) of each load is split into idle,
// JS (per script), native work outside JS (V8's "(program)": style, layout, paint, fonts, waits on
// the GPU process) and garbage collection. Runs alternate between the pages (BENCH_RUNS, default 4),
// each in a fresh browser; PROFILE_DIR=<dir> keeps the .cpuprofile files (Chrome DevTools opens
// them). The profiler adds work of its own, so the idle times are longer than bench:client's.
// Beside the main thread, the CPU time of every process over the same load (lib/processCpu.ts):
// the renderer (main thread, MapLibre's worker, raster threads), the GPU process, the browser and
// the app server, and how many of the machine's cores they kept busy on average.
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { BARE_PAGE, routeBareMaplibre } from './lib/bareMaplibre.ts';
import { CPU_KINDS, cpuSince, cpuSnapshot, type CpuKind } from './lib/processCpu.ts';
import { launchBrowser, useOfflineBasemap } from '../tests/e2e/support/browser.ts';
import { ensureBuilt, ROOT_DIR, startApp } from '../tests/e2e/support/server.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 4);
const PROFILE_DIR = process.env.PROFILE_DIR;
const VIEWPORT = { width: 1280, height: 800 };
const BROWSER_ARGS = ['--disable-gpu-rasterization']; // as bench:client measures

/** The parts of a CDP Profiler.Profile used here. */
interface CpuProfile {
  nodes: Array<{ id: number; callFrame: { functionName: string; url: string } }>;
  samples?: number[];
  timeDeltas?: number[];
}

interface Split {
  idleAt: number;
  busy: number;
  js: number;
  native: number;
  gc: number;
  scripts: Map<string, number>;
  /** CPU ms of each kind of process from navigation to first idle. */
  cpu?: Record<CpuKind, number>;
}

/** Milliseconds of the profile's samples, by kind and (for JS) by script file. */
function split(profile: CpuProfile, idleAt: number): Split {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const out: Split = { idleAt, busy: 0, js: 0, native: 0, gc: 0, scripts: new Map() };
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  for (let i = 0; i < samples.length; i++) {
    const ms = (deltas[i] ?? 0) / 1000;
    const frame = nodes.get(samples[i]!)!.callFrame;
    if (frame.functionName === '(idle)') continue;
    out.busy += ms;
    if (frame.functionName === '(program)') out.native += ms;
    else if (frame.functionName === '(garbage collector)') out.gc += ms;
    else {
      out.js += ms;
      const script = frame.url ? path.basename(new URL(frame.url).pathname) : `(${frame.functionName || 'native'})`;
      out.scripts.set(script, (out.scripts.get(script) ?? 0) + ms);
    }
  }
  return out;
}

await ensureBuilt();
const app = await startApp();
const offline = app.bundle.app.basemaps.find((b) => b.offline);
if (!offline?.style || typeof offline.style !== 'string') throw new Error('config/app.yaml has no offline base map style URL');
// The server builds its offline base map on the first request for it: not part of any run.
await fetch(new URL(offline.style, app.origin)).then((r) => r.arrayBuffer());
if (PROFILE_DIR) mkdirSync(PROFILE_DIR, { recursive: true });

async function profileLoad(which: 'app' | 'bare', run: number): Promise<Split> {
  const browser = await launchBrowser(VIEWPORT, BROWSER_ARGS);
  try {
    if (which === 'app') await useOfflineBasemap(browser.context);
    else {
      const view = { styleUrl: offline!.style as string, center: app.bundle.app.map.center as [number, number], zoom: app.bundle.app.map.zoom, width: 1006, height: VIEWPORT.height };
      await routeBareMaplibre(browser.context, app.origin, path.join(ROOT_DIR, 'node_modules', 'maplibre-gl', 'dist'), view);
    }
    await browser.context.addInitScript(() => {
      const w = window as unknown as { __firstIdle?: number };
      new MutationObserver((_records, observer) => {
        if (!document.querySelector('[data-idle="true"]')) return;
        w.__firstIdle ??= performance.now();
        observer.disconnect();
      }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-idle'] });
    });
    const page = browser.context.pages()[0] ?? (await browser.context.newPage());
    const cdp = await browser.context.newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 1000 });
    await cdp.send('Profiler.start');
    const cpuBefore = cpuSnapshot();
    await page.goto(which === 'app' ? app.url('cmline') : `${app.origin}${BARE_PAGE}`);
    await page.waitForFunction(() => (window as unknown as { __firstIdle?: number }).__firstIdle !== undefined, undefined, { timeout: 60_000 });
    const cpu = cpuSince(cpuBefore);
    const { profile } = await cdp.send('Profiler.stop');
    const idleAt = await page.evaluate(() => (window as unknown as { __firstIdle: number }).__firstIdle);
    if (PROFILE_DIR) writeFileSync(path.join(PROFILE_DIR, `${which}-${run}.cpuprofile`), JSON.stringify(profile));
    return { ...split(profile, idleAt), cpu };
  } finally {
    await browser.close();
  }
}

const runs: Record<'app' | 'bare', Split[]> = { app: [], bare: [] };
try {
  for (let run = 1; run <= RUNS; run++) {
    for (const which of ['app', 'bare'] as const) runs[which].push(await profileLoad(which, run));
  }
} finally {
  await app.close();
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const ms = (n: number) => `${Math.round(n)}`.padStart(7);
console.log(`\nmain thread from navigation to first map idle, ms (median of ${RUNS}; CPU profile, 1 ms samples)`);
console.log(`${'page'.padEnd(14)}${'idle at'.padStart(7)}${'busy'.padStart(7)}${'JS'.padStart(7)}${'native'.padStart(7)}${'GC'.padStart(7)}`);
for (const which of ['app', 'bare'] as const) {
  const r = runs[which];
  const label = which === 'app' ? '/maps/cmline' : 'bare MapLibre';
  console.log(`${label.padEnd(14)}${ms(median(r.map((s) => s.idleAt)))}${ms(median(r.map((s) => s.busy)))}${ms(median(r.map((s) => s.js)))}${ms(median(r.map((s) => s.native)))}${ms(median(r.map((s) => s.gc)))}`);
}
for (const which of ['app', 'bare'] as const) {
  const scripts = new Map<string, number[]>();
  for (const s of runs[which]) for (const [script, t] of s.scripts) scripts.set(script, [...(scripts.get(script) ?? []), t]);
  const top = [...scripts].map(([script, times]) => [script, median(times)] as const).sort((a, b) => b[1] - a[1]).slice(0, 6);
  console.log(`\nJS by script, ${which === 'app' ? '/maps/cmline' : 'bare MapLibre'} (median ms)`);
  for (const [script, t] of top) console.log(`${ms(t)}  ${script}`);
}

const cores = availableParallelism();
console.log(`\nCPU of every process from navigation to first idle, ms (median of ${RUNS}; ${cores} cores)`);
console.log(`${'page'.padEnd(14)}${CPU_KINDS.map((k) => k.padStart(15)).join('')}${'cores busy'.padStart(12)}`);
for (const which of ['app', 'bare'] as const) {
  const r = runs[which];
  const label = which === 'app' ? '/maps/cmline' : 'bare MapLibre';
  const total = median(r.map((s) => CPU_KINDS.reduce((n, k) => n + (s.cpu?.[k] ?? 0), 0)));
  const busy = median(r.map((s) => CPU_KINDS.reduce((n, k) => n + (s.cpu?.[k] ?? 0), 0) / s.idleAt));
  console.log(`${label.padEnd(14)}${CPU_KINDS.map((k) => `${Math.round(median(r.map((s) => s.cpu?.[k] ?? 0)))}`.padStart(15)).join('')}${busy.toFixed(2).padStart(12)}  (total ${Math.round(total)} ms)`);
}
