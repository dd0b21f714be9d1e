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

/** Whether a figure meets its aim (undefined when it has none). */
export function aimMet(f: BenchFigure): boolean | undefined {
  if (!f.target) return undefined;
  return f.target.op === '<=' ? f.value <= f.target.value : f.value >= f.target.value;
}

/** One line per figure with an aim: the figure, the aim and "met" or "NOT met". */
export function printAims(figures: readonly BenchFigure[], digits = 2): void {
  for (const f of figures) {
    const met = aimMet(f);
    if (met === undefined) continue;
    console.log(`aim: ${f.measure}: ${f.value.toFixed(digits)}${f.unit} (aim ${f.target!.op} ${f.target!.value}${f.unit}): ${met ? 'met' : 'NOT met'}`);
  }
}
