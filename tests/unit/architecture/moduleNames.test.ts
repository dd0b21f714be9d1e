// Modules keep to themselves (issue 28 item 2): code outside a layer type's folder
// (src/layers/<type>/) or a section kind's folders (src/sections/<kind>/, src/ui/sections/<kind>/)
// never names that type or kind; it asks the module what it can do (a definition's property or
// method, the way a deck.gl layer or a QWC2 plugin declares itself). The registries
// (layers/definitions.ts, layers/drawers.ts, sections/definitions.ts, ui/sections/views.ts) are
// the only index of names.
//
// Scope: every .ts/.tsx file of src/, the server included. A name counts only where it is used as
// a type or kind, which the parser tells apart from the same word as another thing (a MapLibre
// source `type: 'geojson'`, an OGC service 'wms', a legend symbol 'circle'):
// - compared with a `type` or `kind` (`layer.type === 'wms'`, `case 'group':` of a switch on one);
// - passed to a registry lookup (`isSection(s, 'rows')`, `definitionOf('wms')`);
// - read off a registry by name (`layerDefinitions.wms`, `sectionViews['legend']`);
// - a list of names (`['wms', 'wfs', 'geojson']`);
// - a type argument of SectionFor / SectionProps (`SectionFor<'chart'>`);
// - an import from another module's folder (`../layers/yearlines/definition.ts`).
// An object's own `type:` or `kind:` is not counted: outside the modules each one is another
// vocabulary (MapLibre sources and styles, render jobs, report pages, atlas sections).
// ALLOWED lists the places where such a use names something else, each with its reason.
// What a definition gives its drawer (`draw`) is typed per type (layers/drawers.ts): outside the
// module it is `unknown`, so reading it there does not compile.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { layerTypes } from '../../../src/layers/definitions.ts';
import { sectionDefinitions } from '../../../src/sections/definitions.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const SRC = path.join(ROOT, 'src');

const REGISTRIES = ['src/layers/definitions.ts', 'src/layers/drawers.ts', 'src/sections/definitions.ts', 'src/ui/sections/views.ts'];
const REGISTRY_OBJECTS = new Set(['layerDefinitions', 'layerDrawers', 'sectionDefinitions', 'sectionViews']);
const REGISTRY_LOOKUPS = new Set(['isSection', 'definitionOf', 'drawerOf']);
const KIND_TYPES = new Set(['SectionFor', 'SectionProps']);

/** `file` + `name`: a use of the word that is not a layer type or section kind. */
const ALLOWED: ReadonlyArray<{ file: string; name: string; reason: string }> = [
  { file: 'src/report/pdf/pdfmakeDocument.ts', name: 'legend', reason: "a report page's kind (report/model.ts), not a section" },
  { file: 'src/ui/report/ReportPages.tsx', name: 'legend', reason: "a report page's kind (report/model.ts), not a section" },
  { file: 'src/report/pdf/pdfmakeDocument.ts', name: 'circle', reason: "a legend's symbol type (Legend.type), not a layer" },
  { file: 'src/loader/crossrefAtlas.ts', name: 'legend', reason: "an atlas page section's kind (engine/atlasTypes.ts), not a topic section" },
  { file: 'src/proposal/docs/instructions.ts', name: 'group', reason: "a proposal form item's kind, not a layer" },
  { file: 'src/proposal/docs/formDocx.ts', name: 'group', reason: "a proposal form item's kind, not a layer" },
  { file: 'src/proposal/pdf/layout.ts', name: 'group', reason: "a proposal form item's kind, not a layer" },
  { file: 'src/proposal/pdf/buildProposalPdf.ts', name: 'group', reason: "a proposal form item's kind, not a layer" },
  { file: 'src/server/ogc/layers.ts', name: 'polygon', reason: "a catalog layer's geometry kind (engine/catalog.ts GeometryKind), not a layer" },
  { file: 'src/server/ogc/renderJob.ts', name: 'rows', reason: "a render job layer's kind (rows of a query), not a section" },
  { file: 'src/server/ogc/wms/getMap.ts', name: 'rows', reason: "a render job layer's kind (rows of a query), not a section" },
  { file: 'src/server/shapefile/shp-read.ts', name: 'polyline', reason: "a shapefile's shape type, not a layer" },
  { file: 'src/server/shapefile/shp-read.ts', name: 'polygon', reason: "a shapefile's shape type, not a layer" },
];

const names = new Map<string, 'layer type' | 'section kind'>([
  ...layerTypes.map((t) => [t, 'layer type'] as const),
  ...Object.keys(sectionDefinitions).map((k) => [k, 'section kind'] as const),
]);

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.(ts|tsx)$/.test(e.name) && !e.name.endsWith('.d.ts') ? [p] : [];
  });
}

/** The type or kind whose folder holds `file` (relative to the root), if any. */
function ownName(file: string): string | undefined {
  const m = /^src\/(?:layers|sections|ui\/sections)\/([^/]+)\//.exec(file);
  return m && names.has(m[1]!) ? m[1] : undefined;
}

/** The module a relative import reaches into, if any. */
function importedModule(file: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const target = path.relative(ROOT, path.resolve(ROOT, path.dirname(file), specifier)).split(path.sep).join('/');
  return ownName(target);
}

const isTypeOrKind = (e: ts.Expression): boolean => {
  const inner = ts.isParenthesizedExpression(e) ? e.expression : ts.isNonNullExpression(e) ? e.expression : e;
  if (ts.isIdentifier(inner)) return inner.text === 'type' || inner.text === 'kind';
  if (ts.isPropertyAccessExpression(inner)) return inner.name.text === 'type' || inner.name.text === 'kind';
  return ts.isElementAccessExpression(inner) && ts.isStringLiteral(inner.argumentExpression) && ['type', 'kind'].includes(inner.argumentExpression.text);
};
const EQUALITY = new Set([ts.SyntaxKind.EqualsEqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsEqualsToken, ts.SyntaxKind.EqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsToken]);
const literalName = (n: ts.Node): string | undefined => (ts.isStringLiteralLike(n) && names.has(n.text) ? n.text : undefined);

interface Use { name: string; line: number; how: string }

/** Every use of a type or kind name as such in a source text. */
export function namedUses(file: string, text: string): Use[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const uses: Use[] = [];
  const add = (node: ts.Node, name: string, how: string) => uses.push({ name, how, line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1 });
  const visit = (node: ts.Node): void => {
    if (ts.isBinaryExpression(node) && EQUALITY.has(node.operatorToken.kind)) {
      for (const [lit, other] of [[node.left, node.right], [node.right, node.left]] as const) {
        const name = literalName(lit);
        if (name && isTypeOrKind(other)) add(lit, name, 'compared with a type/kind');
      }
    } else if (ts.isCaseClause(node) && isTypeOrKind(node.parent.parent.expression)) {
      const name = literalName(node.expression);
      if (name) add(node.expression, name, 'a case of a switch on a type/kind');
    } else if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && REGISTRY_LOOKUPS.has(node.expression.text)) {
      node.arguments.forEach((a) => { const name = literalName(a); if (name) add(a, name, `passed to ${(node.expression as ts.Identifier).text}`); });
    } else if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression) && REGISTRY_OBJECTS.has(node.expression.text) && names.has(node.name.text)) {
      add(node.name, node.name.text, `read off ${node.expression.text}`);
    } else if (ts.isElementAccessExpression(node) && ts.isIdentifier(node.expression) && REGISTRY_OBJECTS.has(node.expression.text)) {
      const name = literalName(node.argumentExpression);
      if (name) add(node.argumentExpression, name, `read off ${node.expression.text}`);
    } else if (ts.isArrayLiteralExpression(node) && node.elements.length >= 2 && node.elements.every((e) => literalName(e))) {
      add(node, node.elements.map((e) => (e as ts.StringLiteral).text).join(', '), 'a list of names');
    } else if (ts.isTypeReferenceNode(node) && ts.isIdentifier(node.typeName) && KIND_TYPES.has(node.typeName.text)) {
      node.typeArguments?.forEach((a) => { const name = ts.isLiteralTypeNode(a) ? literalName(a.literal) : undefined; if (name) add(a, name, `a type argument of ${(node.typeName as ts.Identifier).text}`); });
    } else if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const module = importedModule(file, node.moduleSpecifier.text);
      if (module) add(node.moduleSpecifier, module, "imported from the module's folder");
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return uses;
}

/** Files worth parsing: a quoted name, a registry read or a path into a module folder (most have none). */
const NAMES = [...names.keys()].join('|');
const MAYBE = new RegExp(`['"\`](?:${NAMES})['"\`]|\\b(?:${[...REGISTRY_OBJECTS].join('|')})\\b|/(?:${NAMES})/`);

function violations(): string[] {
  return sourceFiles(SRC).flatMap((abs) => {
    const file = path.relative(ROOT, abs).split(path.sep).join('/');
    const text = fs.readFileSync(abs, 'utf8');
    if (REGISTRIES.includes(file) || !MAYBE.test(text)) return [];
    const own = ownName(file);
    return namedUses(file, text)
      .filter((u) => u.name.split(', ').some((n) => n !== own))
      .filter((u) => !ALLOWED.some((a) => a.file === file && a.name === u.name))
      .map((u) => `${file}:${u.line}: '${u.name}' (${names.get(u.name.split(', ')[0]!) ?? 'name'}) ${u.how}`);
  });
}

// Parsing src/ takes seconds on a loaded 2-core machine (as exports.test.ts).
describe('modules keep to themselves (issue 28 item 2)', { timeout: 60_000 }, () => {
  it('no code outside a module folder names a layer type or section kind', () => {
    expect(violations()).toEqual([]);
  });

  it('every allow-list entry is still needed', () => {
    const stale = ALLOWED.filter((a) => {
      const abs = path.join(ROOT, a.file);
      return !fs.existsSync(abs) || !namedUses(a.file, fs.readFileSync(abs, 'utf8')).some((u) => u.name === a.name);
    });
    expect(stale).toEqual([]);
  });

  it('sees each form of use', () => {
    const text = [
      "if (layer.type === 'wms') f();",
      "switch (s.kind) { case 'rows': break; }",
      "isSection(s, 'legend');",
      'layerDefinitions.yearlines;',
      "const T = ['wms', 'wfs'];",
      "type C = SectionFor<'chart'>;",
      "import { x } from '../layers/yearlines/definition.ts';",
      "map.addSource('x', { type: 'geojson' }); if (service === 'wms') g();",
    ].join('\n');
    expect(namedUses('src/map/x.ts', text).map((u) => `${u.line}:${u.name}`)).toEqual(['1:wms', '2:rows', '3:legend', '4:yearlines', '5:wms, wfs', '6:chart', '7:yearlines']);
  });
});
