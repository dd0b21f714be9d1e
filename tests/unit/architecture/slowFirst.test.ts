// The test files started first (tests/support/slowFirstSequencer.ts) are test files that exist: a
// renamed or removed one would silently go back to starting last on a fresh clone.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { KNOWN_SLOW } from '../../support/slowFirstSequencer.ts';

const root = fileURLToPath(new URL('../../..', import.meta.url));

describe('the known slow test files', () => {
  it('are test files of the repository', () => {
    const missing = KNOWN_SLOW.filter((file) => !file.endsWith('.test.ts') || !existsSync(`${root}${file}`));
    expect(missing).toEqual([]);
  });
});
