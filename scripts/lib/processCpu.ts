// CPU time spent by each kind of process on this machine between two moments, from /proc (Linux):
// Chromium's renderer, GPU (SwiftShader draws WebGL and composites on the CPU here), browser and
// other processes; this Node process (the app server and the Playwright harness run in it); everything else. It shows
// whether a page load is bound by the page's main thread or by the machine's cores as a whole.
import { readdirSync, readFileSync } from 'node:fs';

export type CpuKind = 'renderer' | 'gpu' | 'browser' | 'chromium other' | 'node' | 'other';
export const CPU_KINDS: readonly CpuKind[] = ['renderer', 'gpu', 'browser', 'chromium other', 'node', 'other'];

/** USER_HZ: /proc counts CPU time in ticks of 10 ms on Linux's mainstream architectures. */
const MS_PER_TICK = 10;

interface ProcessCpu {
  kind: CpuKind;
  ms: number;
}

function kindOf(pid: string, comm: string): CpuKind {
  if (pid === String(process.pid)) return 'node';
  if (!comm.startsWith('chrom')) return 'other';
  const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  if (args.includes('--type=renderer')) return 'renderer';
  if (args.includes('--type=gpu-process')) return 'gpu';
  return args.includes('--type=') ? 'chromium other' : 'browser';
}

/** User + system CPU of every process now, by pid. */
export function cpuSnapshot(): Map<string, ProcessCpu> {
  const out = new Map<string, ProcessCpu>();
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // fields[11], fields[12]: utime and stime (stat fields 14 and 15)
      out.set(pid, { kind: kindOf(pid, comm), ms: (Number(fields[11]) + Number(fields[12])) * MS_PER_TICK });
    } catch {
      // the process ended between the listing and the read
    }
  }
  return out;
}

/** CPU milliseconds by kind since `before`. A Chromium process started since counts whole; any
 *  other new process is left out (its time since boot is not this interval's). */
export function cpuSince(before: ReadonlyMap<string, ProcessCpu>): Record<CpuKind, number> {
  const out = Object.fromEntries(CPU_KINDS.map((k) => [k, 0])) as Record<CpuKind, number>;
  for (const [pid, now] of cpuSnapshot()) {
    const then = before.get(pid);
    if (!then && (now.kind === 'other' || now.kind === 'node')) continue;
    out[now.kind] += now.ms - (then?.ms ?? 0);
  }
  return out;
}
