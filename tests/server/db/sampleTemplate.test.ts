// The prebuilt sample database (issue 13 "first start <= 25 s"): npm start's first start on an
// empty PGlite data dir copies it instead of generating, its key follows every input of the
// generation, and concurrent builders build it once.

import { existsSync, mkdirSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDirs } from '../tempDirs.ts';
import { ensureDatabase } from '../../../src/server/db/ensure.ts';
import { ensureSampleTemplate, restoreSampleTemplate, sampleKey, sampleTemplateDir } from '../../../src/server/db/sampleTemplate.ts';
import { fingerprint } from './fingerprint.ts';
import { openSampleDatabase, SLOW } from './testDatabase.ts';

const tempDir = tempDirs();

/** A repository root with one file of each kind of input the key reads. */
function fakeRoot(): string {
  const root = tempDir('tcs-template-root-');
  const files: Record<string, string> = {
    'src/server/db/migrations/001_base.sql': 'CREATE TABLE a ();',
    'src/server/data/sample/index.ts': 'export const x = 1;',
    'src/server/transects/build.ts': 'export const spacing = 100;',
    'src/server/transects/config.ts': 'export const c = 1;',
    'src/server/db/pgliteSettings.ts': "const WAL_RECYCLE = 'wal_recycle=off';",
    'config/glossary.yaml': 'terms: []',
    'config/layers.yaml': 'layers: []',
    'node_modules/@electric-sql/pglite/package.json': '{"version":"0.5.8"}',
    'node_modules/@electric-sql/pglite-postgis/package.json': '{"version":"0.2.8"}',
    'README.md': 'not an input',
  };
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

describe('sample database template: key and build', () => {
  it('the key changes with the migrations, the generator, the catalog, the glossary code sets and the PGlite version and settings, not with other files or labels', () => {
    const root = fakeRoot();
    const first = sampleKey(root);
    expect(sampleKey(root)).toBe(first);
    writeFileSync(path.join(root, 'README.md'), 'changed');
    expect(sampleKey(root)).toBe(first);
    // a label of the glossary is not read by the generator; its code sets are
    writeFileSync(path.join(root, 'config/glossary.yaml'), 'terms: []\nfields: { nsm: { th: ระยะ, en: NSM } }');
    expect(sampleKey(root)).toBe(first);
    const changes: [string, string][] = [
      ['config/glossary.yaml', 'terms: []\ncodes: { landuse: { items: { A1: { th: นา } } } }'],
      ['src/server/db/migrations/002_more.sql', 'CREATE TABLE b ();'],
      ['src/server/data/sample/index.ts', 'export const x = 2;'],
      ['src/server/transects/build.ts', 'export const spacing = 50;'],
      ['src/server/db/pgliteSettings.ts', "const WAL_RECYCLE = 'wal_recycle=on';"],
      ['config/layers.yaml', 'layers: [x]'],
      ['node_modules/@electric-sql/pglite/package.json', '{"version":"0.5.9"}'],
    ];
    const keys = new Set([first]);
    for (const [file, text] of changes) {
      writeFileSync(path.join(root, file), text);
      keys.add(sampleKey(root));
    }
    expect(keys.size).toBe(changes.length + 1);
  });

  it('concurrent builders build once; a failed build leaves no template and frees the lock', async () => {
    const root = fakeRoot();
    await expect(ensureSampleTemplate(() => Promise.reject(new Error('generator broke')), root)).rejects.toThrow('generator broke');
    expect(existsSync(sampleTemplateDir(root))).toBe(false);
    let builds = 0;
    const build = async (dir: string) => {
      builds += 1;
      mkdirSync(dir);
      await new Promise((resolve) => setTimeout(resolve, 300));
      writeFileSync(path.join(dir, 'PG_VERSION'), '17');
    };
    const dirs = await Promise.all([ensureSampleTemplate(build, root), ensureSampleTemplate(build, root), ensureSampleTemplate(build, root)]);
    expect(builds).toBe(1);
    expect(new Set(dirs)).toEqual(new Set([sampleTemplateDir(root)]));
    expect(readdirSync(path.dirname(sampleTemplateDir(root)))).toEqual([path.basename(sampleTemplateDir(root))]);
  });

  it('a new template removes the templates of other keys and crashed builds over an hour old, and keeps younger ones', async () => {
    const root = fakeRoot();
    const parent = path.dirname(sampleTemplateDir(root));
    const twoHoursAgo = new Date(Date.now() - 2 * 3600_000);
    const made = (name: string, time?: Date) => {
      mkdirSync(path.join(parent, name), { recursive: true });
      writeFileSync(path.join(parent, name, 'PG_VERSION'), '17');
      if (time) utimesSync(path.join(parent, name), time, time);
    };
    made('pglite-0123456789abcdef', twoHoursAgo);
    made('pglite-0123456789abcdef.building-4242', twoHoursAgo);
    made('pglite-fedcba9876543210'); // built minutes ago by another checkout of the code
    made('elsewhere', twoHoursAgo);
    const dir = await ensureSampleTemplate(async (building) => made(path.relative(parent, building)), root);
    expect(readdirSync(parent).sort()).toEqual([path.basename(dir), 'elsewhere', 'pglite-fedcba9876543210'].sort());
  });

  it('copies only into an empty or missing data dir', () => {
    const root = fakeRoot();
    expect(restoreSampleTemplate(path.join(root, 'data'), root)).toBeNull(); // no template yet
    mkdirSync(sampleTemplateDir(root), { recursive: true });
    writeFileSync(path.join(sampleTemplateDir(root), 'PG_VERSION'), '17');
    const used = path.join(root, 'used');
    mkdirSync(used);
    writeFileSync(path.join(used, 'PG_VERSION'), 'mine');
    expect(restoreSampleTemplate(used, root)).toBeNull();
    expect(restoreSampleTemplate(path.join(root, 'fresh'), root)).toBe(sampleTemplateDir(root));
    expect(readdirSync(path.join(root, 'fresh'))).toEqual(['PG_VERSION']);
  });
});

describe('first start from the prebuilt sample database (PGlite)', { timeout: SLOW }, () => {
  it('an empty data dir starts as a copy of the generated sample: same data, no migration, no generation', async () => {
    const reference = await openSampleDatabase(); // builds the template when missing
    const expected = await fingerprint(reference.db);
    await reference.close();
    const dataDir = path.join(tempDir('tcs-first-start-'), 'pglite');
    const messages: string[] = [];
    const { db, report } = await ensureDatabase({ dataDir, env: {}, sampleTemplate: true, log: (m) => messages.push(m) });
    try {
      expect(report.data).toBe('copied');
      expect(report.migrations).toEqual([]);
      expect(messages.join('\n')).toContain(`copied the prebuilt sample database from ${sampleTemplateDir()}`);
      expect(messages.join('\n')).not.toContain('loading the sample dataset');
      expect(await fingerprint(db)).toEqual(expected);
    } finally {
      await db.close();
    }
    // what is copied is the data: postgres's checkpoints removed the WAL segments they no longer
    // needed instead of keeping them under future names (pgliteSettings.ts WAL_RECYCLE); 16 MB each
    const segments = readdirSync(path.join(sampleTemplateDir(), 'pg_wal')).filter((name) => /^[0-9A-F]{24}$/.test(name));
    expect(segments.length).toBeLessThanOrEqual(3);
    // the second start is an ordinary warm start on the copy
    const again = await ensureDatabase({ dataDir, env: {}, sampleTemplate: true, log: () => undefined });
    expect(again.report.data).toBe('present');
    await again.db.close();
  });
});
