import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clientBuildReason } from '../../src/server/build-if-needed.ts';

let root = '';
const HOUR_AGO = new Date(Date.now() - 3_600_000);
const TWO_HOURS_AGO = new Date(Date.now() - 7_200_000);

/** Writes a file with an mtime in the past, so "newer" is decided by the test, not the clock. */
function write(relative: string, when: Date = TWO_HOURS_AGO): void {
  const file = path.join(root, relative);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, relative);
  utimesSync(file, when, when);
}

function ageFolders(...relatives: string[]): void {
  for (const relative of relatives) utimesSync(path.join(root, relative), TWO_HOURS_AGO, TWO_HOURS_AGO);
}

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'build-check-'));
  write('src/ui/App.tsx');
  write('src/server/app.ts');
  write('index.html');
  write('package-lock.json');
  write('dist/index.html', HOUR_AGO);
  ageFolders('src', 'src/ui', 'src/server');
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('clientBuildReason', () => {
  it('asks for a build when dist/index.html is missing', async () => {
    rmSync(path.join(root, 'dist'), { recursive: true });
    expect(await clientBuildReason(root)).toBe('dist/index.html is missing');
  });

  it('is null when the build is newer than every input', async () => {
    expect(await clientBuildReason(root)).toBeNull();
  });

  it('ignores changes in src/server', async () => {
    write('src/server/app.ts', new Date());
    expect(await clientBuildReason(root)).toBeNull();
  });

  it.each(['src/ui/App.tsx', 'index.html', 'vite.config.ts', 'package-lock.json'])('names a newer %s', async (input) => {
    write(input, new Date());
    expect(await clientBuildReason(root)).toBe(`${input} is newer than dist/index.html`);
  });
});
