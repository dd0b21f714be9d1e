// Small files with one job (issue 28, build item 4): no source, script or test file is over 400
// lines. A longer file is split by job (a parser's tokenizer, a page's drawing primitives, a
// benchmark's server side), not cut at line 400.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const MAX_LINES = 400;

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : filesUnder(p);
    return /\.(ts|tsx|mts|mjs|css)$/.test(e.name) ? [p] : [];
  });
}

const lineCount = (file: string) => fs.readFileSync(file, 'utf8').replace(/\n$/, '').split('\n').length;
const files = ['src', 'scripts', 'tests'].flatMap((d) => filesUnder(path.join(ROOT, d))).map((f) => path.relative(ROOT, f));

describe('file size (issue 28)', () => {
  it(`no file of src/, scripts/ or tests/ is over ${MAX_LINES} lines`, () => {
    const long = files.filter((f) => lineCount(path.join(ROOT, f)) > MAX_LINES);
    expect(long.map((f) => `${f}: ${lineCount(path.join(ROOT, f))} lines`)).toEqual([]);
  });
});
