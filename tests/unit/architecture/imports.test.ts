// The folder tree is the architecture (DESIGN.md §2, issue 9 item 9, issue 28): config flows into
// the engine, the engine feeds the modules (layers/, sections/), the modules feed map/ and ui/,
// machines beside; the config loader (loader/) reads the modules' registries and the server reads
// the loader. No arrow points back up and there are no exceptions. This test reads every import of
// src/ (static, dynamic and type-only alike) and fails on a forbidden direction or on any import
// cycle between modules.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const SRC = path.join(ROOT, 'src');

/** Which top-level folders of src/ each folder may import (besides itself). */
const ALLOWED: Record<string, readonly string[]> = {
  locale: [],
  engine: ['locale'],
  api: ['engine'],
  state: ['engine', 'api', 'locale'],
  machines: ['engine', 'locale', 'state'],
  components: ['engine', 'locale', 'state'],
  layers: ['engine', 'api', 'state', 'locale'],
  sections: ['engine', 'layers', 'locale'],
  loader: ['engine', 'layers', 'sections', 'locale'],
  map: ['engine', 'locale', 'machines', 'state', 'layers', 'api'],
  report: ['engine', 'locale', 'state', 'layers', 'sections', 'map', 'components', 'pdf'],
  pdf: [],
  proposal: ['engine', 'machines', 'map', 'state', 'components', 'locale', 'api', 'pdf', 'loader'],
  ui: ['engine', 'locale', 'machines', 'state', 'api', 'components', 'layers', 'sections', 'map', 'proposal', 'report'],
  server: ['engine', 'locale', 'loader', 'pdf'],
};

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.(ts|tsx)$/.test(e.name) && !e.name.endsWith('.d.ts') ? [p] : [];
  });
}

/** `... from './x'` (import, import type, export ... from), `import('./x')` and `import './x'`. */
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"](\.{1,2}\/[^'"?]+)(?:\?[^'"]*)?['"]/g;

/** Source text without comments (a comment may name a module it does not import). */
export function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

function importsOf(file: string): string[] {
  const text = withoutComments(fs.readFileSync(file, 'utf8'));
  return [...text.matchAll(IMPORT)].map((m) => path.resolve(path.dirname(file), m[1]!)).filter((t) => /\.(ts|tsx)$/.test(t));
}

/** Every package a file imports by name ('react', 'maplibre-gl/dist/...'). */
function packagesOf(file: string): string[] {
  const text = withoutComments(fs.readFileSync(file, 'utf8'));
  return [...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"]([^'".][^'"]*)['"]/g)].map((m) => m[1]!);
}

const folderOf = (file: string) => path.relative(SRC, file).split(path.sep)[0]!;
const files = sourceFiles(SRC);
const graph = new Map(files.map((f) => [f, importsOf(f)]));

/** The module registries: pure, read by the config loader (src/loader) and the schema build. */
const REGISTRIES = [path.join(SRC, 'layers', 'definitions.ts'), path.join(SRC, 'sections', 'definitions.ts')];

function closure(roots: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    (graph.get(file) ?? []).forEach(visit);
  };
  roots.forEach(visit);
  return seen;
}
const registryFiles = closure(REGISTRIES);

describe('import rules (DESIGN.md §2)', () => {
  it('every folder of src/ has a rule', () => {
    const folders = new Set(files.map(folderOf).filter((f) => !/\.(ts|tsx)$/.test(f)));
    expect([...folders].filter((f) => !ALLOWED[f])).toEqual([]);
  });

  it('no folder imports one it must not (map never imports ui; ui and proposal not both ways)', () => {
    const bad: string[] = [];
    for (const [file, targets] of graph) {
      const from = folderOf(file);
      const allowed = ALLOWED[from];
      if (!allowed) continue; // src/main.tsx: the entry wires everything
      for (const target of targets) {
        const to = folderOf(target);
        if (to !== from && !allowed.includes(to)) bad.push(`${path.relative(ROOT, file)} -> ${path.relative(ROOT, target)}`);
      }
    }
    expect(bad).toEqual([]);
  });

  it('the registries the loader reads stay pure: no .tsx, react or maplibre-gl in their imports', () => {
    const impure = [...registryFiles].flatMap((file) => [
      ...(file.endsWith('.tsx') ? [path.relative(ROOT, file)] : []),
      ...packagesOf(file).filter((p) => /^(react|react-dom|maplibre-gl)(\/|$)/.test(p)).map((p) => `${path.relative(ROOT, file)} -> ${p}`),
    ]);
    expect(registryFiles.size).toBeGreaterThan(REGISTRIES.length);
    expect(impure).toEqual([]);
  });

  it('has no import cycle, type-only imports included', () => {
    const cycles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const stack: string[] = [];
    const visit = (file: string) => {
      state.set(file, 'open');
      stack.push(file);
      for (const next of graph.get(file) ?? []) {
        if (!graph.has(next)) continue;
        if (state.get(next) === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next].map((f) => path.relative(SRC, f)).join(' -> '));
        else if (!state.has(next)) visit(next);
      }
      stack.pop();
      state.set(file, 'done');
    };
    for (const file of files) if (!state.has(file)) visit(file);
    expect(cycles).toEqual([]);
  });

  it('reads imports of every form it guards against', () => {
    const sample = path.join(SRC, 'map', 'MapLayers.tsx');
    expect(importsOf(sample).length).toBeGreaterThan(0);
    expect([...`import type { A } from './a.ts';\nconst b = import('../b.tsx');\nexport { c } from './c.ts';`.matchAll(IMPORT)].map((m) => m[1])).toEqual(['./a.ts', '../b.tsx', './c.ts']);
  });
});
