// removeStaleSiblings (src/server/db/staleCache.ts): what older versions left in .cache goes after
// a grace time; the current entry, young entries and names of other kinds stay.
import { mkdirSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { removeStaleSiblings } from '../../../src/server/db/staleCache.ts';
import { tempDirs } from '../tempDirs.ts';

const tempDir = tempDirs();
const HOUR = 3600_000;

describe('removeStaleSiblings', () => {
  it('removes matching entries older than the grace time, never the one kept, and names what it removed', () => {
    const dir = tempDir('stale-cache-');
    const now = Date.now();
    const entry = (name: string, ageHours: number, folder = true) => {
      const full = path.join(dir, name);
      if (folder) {
        mkdirSync(path.join(full, 'inner'), { recursive: true });
        writeFileSync(path.join(full, 'inner', 'file'), 'x');
      } else writeFileSync(full, 'x');
      const time = new Date(now - ageHours * HOUR);
      utimesSync(full, time, time);
    };
    entry('v-old', 5);
    entry('v-old-file', 5, false);
    entry('v-young', 0.5);
    entry('v-current', 9);
    entry('other-old', 5);
    const removed = removeStaleSiblings(dir, 'v-current', /^v-/, HOUR, now);
    expect(removed.sort()).toEqual(['v-old', 'v-old-file']);
    expect(readdirSync(dir).sort()).toEqual(['other-old', 'v-current', 'v-young']);
  });

  it('a missing folder removes nothing', () => {
    expect(removeStaleSiblings(path.join(tempDir('stale-cache-'), 'absent'), 'x', /./, 0)).toEqual([]);
  });
});
