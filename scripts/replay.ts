// Replays recorded machine traces in Node: `npm run replay -- trace.json [more.json]`.
// Prints one line per trace; exits 1 if any trace diverges or cannot be read.
import { readFileSync } from 'node:fs';
import type { AnyEventObject } from 'xstate';
import { machineRegistry } from '../src/machines/registry.ts';
import { parseTraces, replayTrace } from '../src/machines/replay.ts';
import type { ReplayResult } from '../src/machines/replay.ts';

function describeEvent(event: AnyEventObject | null): string {
  if (!event) return 'initial state';
  const { type, ...payload } = event;
  const details = Object.entries(payload).map(([key, value]) => `${key}=${compact(value)}`);
  return ['event', type, ...details].join(' ');
}

// Picker values read best by their code: {code:'90', name:'สงขลา'} prints as 90.
function compact(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'object' && value !== null && 'code' in value) return String(value.code);
  return JSON.stringify(value);
}

function describeResult(result: ReplayResult): string {
  if (result.ok) return `ok (${result.steps} steps)`;
  const { step, event, expected, actual } = result;
  return `diverged at step ${step} (${describeEvent(event)}): expected ${JSON.stringify(expected)} got ${JSON.stringify(actual)}`;
}

function replayFile(file: string): boolean {
  let traces;
  try {
    traces = parseTraces(JSON.parse(readFileSync(file, 'utf8')));
  } catch (error) {
    console.log(`${file}: cannot read: ${(error as Error).message}`);
    return false;
  }
  return traces
    .map((trace, i) => {
      const label = traces.length > 1 ? `${file}[${i}]` : file;
      try {
        const result = replayTrace(trace, machineRegistry);
        console.log(`${label}: ${describeResult(result)}`);
        return result.ok;
      } catch (error) {
        console.log(`${label}: cannot replay: ${(error as Error).message}`);
        return false;
      }
    })
    .every(Boolean);
}

const files = process.argv.slice(2);
if (files.length === 0) {
  console.log('usage: npm run replay -- trace.json [more.json]');
  process.exitCode = 1;
} else {
  // Every file is replayed and reported, even after a failure.
  const allOk = files.map(replayFile).every(Boolean);
  process.exitCode = allOk ? 0 : 1;
}
