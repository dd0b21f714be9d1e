// Whether dist/ is current (src/server/build-if-needed.ts): a quick look at file times, then the
// inputs' content against what the last build here was made from, so that a copied or moved
// installation rebuilds nothing (issue 23 item 5).
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildClientRecorded, clientBuildReason } from '../../src/server/build-if-needed.ts';

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

/** What a copy that does not keep file times does: `target` and all below it newer than the build. */
function touchAll(target: string, when = new Date(Date.now() + 60_000)): void {
  if (statSync(target).isDirectory()) for (const name of readdirSync(target)) touchAll(path.join(target, name), when);
  utimesSync(target, when, when);
}

/** A build recorded the way npm start and prepare record theirs; it writes `html` as dist/index.html. */
async function recordedBuild(html = 'built'): Promise<void> {
  await buildClientRecorded(root, async () => {
    writeFileSync(path.join(root, 'dist', 'index.html'), html);
    utimesSync(path.join(root, 'dist', 'index.html'), HOUR_AGO, HOUR_AGO);
  });
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

describe('clientBuildReason after a recorded build (content, not file times)', () => {
  it('a copy that did not keep file times is current when its inputs hold what the build was made from', async () => {
    await recordedBuild();
    const copy = path.join(mkdtempSync(path.join(tmpdir(), 'build-copy-')), 'app');
    try {
      cpSync(root, copy, { recursive: true });
      for (const input of ['src', 'index.html', 'package-lock.json']) touchAll(path.join(copy, input));
      expect(await clientBuildReason(copy)).toBeNull();
      rmSync(path.join(copy, '.cache'), { recursive: true }); // by file times alone it would build
      expect(await clientBuildReason(copy)).toBe('src is newer than dist/index.html');
    } finally {
      rmSync(path.dirname(copy), { recursive: true, force: true });
    }
  });

  it('names an input whose content changed since the build', async () => {
    await recordedBuild();
    writeFileSync(path.join(root, 'src/ui/App.tsx'), 'an edit');
    expect(await clientBuildReason(root)).toBe('src/ui/App.tsx is newer than dist/index.html');
  });

  it('names an edit dated by a clock that lags behind (coarse file times): it is not older than the build', async () => {
    await recordedBuild();
    writeFileSync(path.join(root, 'src/ui/App.tsx'), 'an edit');
    const lagging = new Date(Date.now() - 1_000);
    utimesSync(path.join(root, 'src/ui/App.tsx'), lagging, lagging);
    expect(await clientBuildReason(root)).toBe('src/ui/App.tsx is newer than dist/index.html');
  });

  it('a touched input with the same content needs no build', async () => {
    await recordedBuild();
    write('src/ui/App.tsx', new Date(Date.now() + 60_000));
    expect(await clientBuildReason(root)).toBeNull();
  });

  it('does not trust the record of another build (dist/index.html made since by vite alone)', async () => {
    await recordedBuild();
    writeFileSync(path.join(root, 'dist', 'index.html'), 'built by npm run build');
    utimesSync(path.join(root, 'dist', 'index.html'), HOUR_AGO, HOUR_AGO);
    write('src/ui/App.tsx', new Date(Date.now() + 60_000));
    expect(await clientBuildReason(root)).toBe('src/ui/App.tsx is newer than dist/index.html');
  });
});
