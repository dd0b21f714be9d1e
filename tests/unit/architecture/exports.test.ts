// No dead exports (issue 28 item 4, review 6): every name a module of src/ exports is imported by
// another file of the repository (src/, tests/, scripts/, the vite and vitest configs). A name only
// its own file uses is not exported; a name nobody uses is deleted. This reads the syntax of every
// file with the TypeScript parser (no type checker: it runs in a second or two).
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');

/** Exports read by a tool rather than imported: the default export of an entry, a worker. */
const ENTRY_EXPORTS = new Set(['default']);

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : filesUnder(p);
    return /\.(ts|tsx|mts|mjs)$/.test(e.name) && !e.name.endsWith('.d.ts') ? [p] : [];
  });
}

const consumers = [
  ...['src', 'tests', 'scripts'].flatMap((d) => filesUnder(path.join(ROOT, d))),
  ...['vite.config.ts', 'vitest.config.ts'].map((f) => path.join(ROOT, f)).filter((f) => fs.existsSync(f)),
];

function parse(file: string): ts.SourceFile {
  return ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
}

/** The file an import specifier names, or undefined for a package. */
function resolve(from: string, spec: string): string | undefined {
  if (!spec.startsWith('.')) return undefined;
  const target = path.resolve(path.dirname(from), spec.replace(/\?.*$/, ''));
  for (const candidate of [target, `${target}.ts`, `${target}.tsx`, path.join(target, 'index.ts')]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

const modifiersOf = (node: ts.Node) => (ts.canHaveModifiers(node) ? (ts.getModifiers(node) ?? []) : []);
const hasExport = (node: ts.Node) => modifiersOf(node).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);

/** The names a file exports itself (re-exports of another file count as uses of that file). */
function exportedNames(source: ts.SourceFile): string[] {
  const names: string[] = [];
  for (const statement of source.statements) {
    if (ts.isExportDeclaration(statement) && !statement.moduleSpecifier && statement.exportClause && ts.isNamedExports(statement.exportClause)) {
      names.push(...statement.exportClause.elements.map((e) => e.name.text));
    } else if (ts.isExportAssignment(statement)) names.push('default');
    else if (hasExport(statement)) {
      if (ts.isVariableStatement(statement)) {
        for (const d of statement.declarationList.declarations) if (ts.isIdentifier(d.name)) names.push(d.name.text);
      } else if (modifiersOf(statement).some((m) => m.kind === ts.SyntaxKind.DefaultKeyword)) names.push('default');
      else {
        const name = (statement as ts.DeclarationStatement).name;
        if (name && ts.isIdentifier(name)) names.push(name.text);
      }
    }
  }
  return names;
}

/** Every (file, name) a consumer imports; `*` when it takes the whole module in a way not followed. */
function importedNames(source: ts.SourceFile): Array<[string, string]> {
  const used: Array<[string, string]> = [];
  const file = source.fileName;
  const namespaces = new Map<string, string>();
  const take = (spec: string, name: string) => {
    const target = resolve(file, spec);
    if (target) used.push([target, name]);
  };
  const dynamicImportOf = (node: ts.Node): string | undefined => {
    let inner = node;
    while (ts.isAwaitExpression(inner) || ts.isParenthesizedExpression(inner)) inner = inner.expression;
    if (ts.isCallExpression(inner) && inner.arguments[0] && ts.isStringLiteralLike(inner.arguments[0])) {
      const callee = inner.expression;
      const isImport = callee.kind === ts.SyntaxKind.ImportKeyword;
      const isViImport = ts.isPropertyAccessExpression(callee) && /^(importActual|importMock)$/.test(callee.name.text);
      if (isImport || isViImport) return inner.arguments[0].text;
    }
    return undefined;
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const spec = node.moduleSpecifier.text;
      const clause = node.importClause;
      if (!clause) take(spec, '*');
      if (clause?.name) take(spec, 'default');
      const bindings = clause?.namedBindings;
      if (bindings && ts.isNamedImports(bindings)) for (const e of bindings.elements) take(spec, (e.propertyName ?? e.name).text);
      if (bindings && ts.isNamespaceImport(bindings)) namespaces.set(bindings.name.text, spec);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const spec = node.moduleSpecifier.text;
      if (node.exportClause && ts.isNamedExports(node.exportClause)) for (const e of node.exportClause.elements) take(spec, (e.propertyName ?? e.name).text);
      else take(spec, '*');
    } else if (ts.isVariableDeclaration(node) && node.initializer && dynamicImportOf(node.initializer)) {
      const spec = dynamicImportOf(node.initializer)!;
      if (ts.isObjectBindingPattern(node.name)) {
        for (const e of node.name.elements) take(spec, ((e.propertyName ?? e.name) as ts.Identifier).text);
      } else if (ts.isIdentifier(node.name)) namespaces.set(node.name.text, spec);
    } else if (ts.isPropertyAccessExpression(node) && dynamicImportOf(node.expression)) {
      take(dynamicImportOf(node.expression)!, node.name.text);
    } else if (ts.isCallExpression(node) && dynamicImportOf(node) && !ts.isVariableDeclaration(node.parent) && !ts.isAwaitExpression(node.parent)) {
      take(dynamicImportOf(node)!, '*'); // import('x').then(...), vi.mock factories: not followed
    } else if (ts.isAwaitExpression(node) && dynamicImportOf(node) && !ts.isVariableDeclaration(node.parent) && !ts.isPropertyAccessExpression(node.parent) && !ts.isParenthesizedExpression(node.parent)) {
      take(dynamicImportOf(node)!, '*');
    } else if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && node.expression.name.text === 'mock' && node.arguments[0] && ts.isStringLiteralLike(node.arguments[0])) {
      take(node.arguments[0].text, '*');
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  if (namespaces.size > 0) {
    const walk = (node: ts.Node) => {
      if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression) && namespaces.has(node.expression.text)) take(namespaces.get(node.expression.text)!, node.name.text);
      else if (ts.isQualifiedName(node) && ts.isIdentifier(node.left) && namespaces.has(node.left.text)) take(namespaces.get(node.left.text)!, node.right.text);
      else if (ts.isIdentifier(node) && namespaces.has(node.text) && !ts.isPropertyAccessExpression(node.parent) && !ts.isQualifiedName(node.parent) && !ts.isNamespaceImport(node.parent) && !ts.isVariableDeclaration(node.parent)) {
        take(namespaces.get(node.text)!, '*'); // the namespace passed along whole
      }
      ts.forEachChild(node, walk);
    };
    walk(source);
  }
  return used;
}

/** `file: name` for every export of src/ no other file imports. */
function unusedExports(): string[] {
  const used = new Map<string, Set<string>>();
  for (const file of consumers) {
    for (const [target, name] of importedNames(parse(file))) {
      if (target === file) continue;
      if (!used.has(target)) used.set(target, new Set());
      used.get(target)!.add(name);
    }
  }
  return filesUnder(path.join(ROOT, 'src')).flatMap((file) => {
    const names = used.get(file) ?? new Set<string>();
    if (names.has('*')) return [];
    return exportedNames(parse(file))
      .filter((name) => !names.has(name) && !ENTRY_EXPORTS.has(name))
      .map((name) => `${path.relative(ROOT, file)}: ${name}`);
  });
}

// Parsing every source file takes ~5 s on an idle 2-core machine: the timeout leaves room for a loaded one.
describe('no dead exports (issue 28)', { timeout: 60_000 }, () => {
  it('every export of src/ is imported by another file', () => {
    expect(unusedExports()).toEqual([]);
  });

  it('follows every way a module is imported', () => {
    const source = ts.createSourceFile(
      path.join(ROOT, 'tests/unit/architecture/sample.ts'),
      [
        "import { a, b as c } from '../../../src/engine/units.ts';",
        "import * as ns from '../../../src/engine/pin.ts';",
        "export { d } from '../../../src/engine/symbols.ts';",
        "const { e } = await import('../../../src/engine/template.ts');",
        "const f = (await import('../../../src/engine/glossary.ts')).g;",
        'ns.pinSvg();',
      ].join('\n'),
      ts.ScriptTarget.Latest,
      true,
    );
    const names = importedNames(source).map(([file, name]) => `${path.basename(file)}:${name}`);
    expect(names.sort()).toEqual(['glossary.ts:g', 'pin.ts:pinSvg', 'symbols.ts:d', 'template.ts:e', 'units.ts:a', 'units.ts:b'].sort());
  });
});
