// The figures of one benchmark for `npm run bench` (scripts/bench-all.ts): with BENCH_RESULTS set,
// each bench appends its headline figures there as JSON lines; run alone, a bench only prints its
// own report.
import { appendFileSync } from 'node:fs';

export interface BenchFigure {
  bench: string;
  measure: string;
  value: number;
  unit: string;
  /** The aim of the issue that asked for the figure: value <= (or >=) this. */
  target?: { op: '<=' | '>='; value: number };
}

export function recordFigures(figures: readonly BenchFigure[]): void {
  const file = process.env.BENCH_RESULTS;
  if (file) appendFileSync(file, figures.map((f) => `${JSON.stringify(f)}\n`).join(''));
}
