// The order vitest starts test files in. With durations cached from an earlier run it starts the
// slowest first (BaseSequencer); a fresh clone (CI) has none, and vitest then starts larger files
// first, which left small but slow files for the end: the sample generator's test (87-133 s)
// started last of the server suite, one worker running it while the other idled. The files below
// measured slowest in full runs (test-all's "slowest test files"); they start first in every run.
import { BaseSequencer, type TestSpecification } from 'vitest/node';

export const KNOWN_SLOW = [
  'tests/server/db/generator.test.ts',
  'tests/server/launch.test.ts',
  'tests/server/pageApi/instances.test.ts',
  'tests/server/db/postgisFiles.test.ts',
  'tests/server/data/catalogData.test.ts',
  'tests/server/db/database.test.ts',
  'tests/server/import/import.test.ts',
  'tests/e2e/routes.test.ts',
  'tests/e2e/shoreline-trend.test.ts',
  'tests/e2e/accessibility.test.ts',
  'tests/e2e/shell.test.ts',
  'tests/e2e/report-print.test.ts',
  'tests/e2e/visitor-history.test.ts',
  'tests/unit/proposal/pdf/proposal-pdf.test.ts',
  'tests/unit/architecture/exports.test.ts',
];

const rank = (spec: TestSpecification): number => {
  const i = KNOWN_SLOW.findIndex((file) => spec.moduleId.endsWith(`/${file}`));
  return i < 0 ? KNOWN_SLOW.length : i;
};

export class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const projectOrder = [...new Set(sorted.map((spec) => spec.project.name))];
    // stable: within a project the known slow files first, the rest in vitest's own order
    return sorted.toSorted((a, b) => projectOrder.indexOf(a.project.name) - projectOrder.indexOf(b.project.name) || rank(a) - rank(b));
  }
}
