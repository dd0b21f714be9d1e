// The TypeScript side of the hand-written schemas (issue 28 item 1: one source per config kind):
// for each schemas/<name>.schema.json, src/engine/generated/<name>.ts holds the schema with its
// $refs inlined, as an `as const` object, and the type json-schema-to-ts infers from it
// (FromSchema). A config kind's shape is written once, in its schema; the loader validates with
// the schema files themselves.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Schema file name -> the type its document is ('' for common: its $defs are the parts). */
export const SCHEMA_TYPES: Readonly<Record<string, string>> = {
  common: '',
  app: 'AppConfig',
  menu: 'MenuDoc',
  glossary: 'Glossary',
  legends: 'LegendsDoc',
  picker: 'PickerDef',
  pickers: 'PickersDoc',
  atlas: 'AtlasDoc',
  topic: 'TopicDoc',
  proposal: 'FormDoc',
  layers: 'CatalogDoc',
};

/** Schemas generated from the module registries (a layer template, a section): a topic refers to
 *  them, and their types come from the modules (src/engine/types.ts), so the topic's generated
 *  schema holds a marker in their place that FromSchema turns into that type. */
const MODULE_SCHEMAS: Readonly<Record<string, string>> = {
  'layer.schema.json': 'LayerTemplate',
  'section.schema.json': 'SectionBase',
};
const moduleMarker = (file: string) => ({ title: `module:${file}` });

/** FromSchema types the extra properties of an object that also lists properties as unknown: a
 *  router query's (a fixed `page` + any parameter) are strings. */
const routerQueryPattern = "{ pattern: typeof commonSchema.$defs.routerQuery; output: { page: string; [key: string]: string } }";

/** The FromSchema options of a generated module, with a deserialize pattern per module marker it holds. */
function fromSchemaOptions(markers: string[]): string {
  const modulePatterns = markers.map((file) => `{ pattern: ${JSON.stringify(moduleMarker(file))}; output: ${MODULE_SCHEMAS[file]} }`);
  return `{ deserialize: [${[routerQueryPattern, ...modulePatterns].join(', ')}] }`;
}

type Node = Record<string, unknown>;

const camel = (name: string) => name.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());

/** FromSchema reduces if/then/else to unknown; for the type, `if A then B else C` is B or C. An
 *  if/then with no else only adds checks, and stays. */
function asUnion(node: Node): Node {
  if (!('if' in node && 'else' in node)) return node;
  const { if: _if, then, else: otherwise, ...rest } = node;
  return { ...rest, anyOf: [then, otherwise] };
}

function inlineRefs(repoRoot: string, name: string): { schema: unknown; markers: string[] } {
  const markers = new Set<string>();
  const docs = new Map<string, Node>();
  const doc = (file: string) => {
    if (!docs.has(file)) docs.set(file, JSON.parse(readFileSync(path.join(repoRoot, 'schemas', file), 'utf8')) as Node);
    return docs.get(file)!;
  };
  const walk = (node: unknown, file: string): unknown => {
    if (Array.isArray(node)) return node.map((n) => walk(n, file));
    if (!node || typeof node !== 'object') return node;
    const { $ref, ...rest } = node as Node;
    const own = asUnion(Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, walk(v, file)])));
    if (typeof $ref !== 'string') return own;
    const [target = '', pointer = ''] = $ref.split('#');
    if (target in MODULE_SCHEMAS) {
      markers.add(target);
      return { ...own, ...moduleMarker(target) };
    }
    const targetFile = target || file;
    const resolved = pointer.split('/').filter(Boolean).reduce<unknown>((at, key) => (at as Node)[key], doc(targetFile));
    const { $schema: _s, $id: _i, ...body } = walk(resolved, targetFile) as Node;
    return { ...body, ...own };
  };
  const schema = walk(doc(`${name}.schema.json`), `${name}.schema.json`);
  return { schema, markers: [...markers].sort() };
}

/** Path relative to the repository -> the generated module of each schema of SCHEMA_TYPES. */
export function schemaTypeFiles(repoRoot = REPO_ROOT): Record<string, string> {
  return Object.fromEntries(
    Object.entries(SCHEMA_TYPES).map(([name, typeName]) => {
      const constName = `${camel(name)}Schema`;
      const { schema, markers } = inlineRefs(repoRoot, name);
      const moduleTypes = markers.map((file) => MODULE_SCHEMAS[file]!);
      const lines = [
        `// GENERATED from schemas/${name}.schema.json (its $refs inlined) by \`npm run build:schemas\`; do not edit:`,
        '// tests/unit/architecture/schemas.test.ts fails when this file differs from what the schema generates.',
        ...(typeName ? ["import type { FromSchema } from 'json-schema-to-ts';", "import type { commonSchema } from './common.ts';"] : []),
        ...(moduleTypes.length ? [`import type { ${moduleTypes.join(', ')} } from '../moduleTemplates.ts';`] : []),
        '',
        // a kind's schema object is only read by its type; common's parts are imported by the modules
        `${typeName ? '' : 'export '}const ${constName} = ${JSON.stringify(schema)} as const;`,
        ...(typeName ? ['', `export type ${typeName} = FromSchema<typeof ${constName}, ${fromSchemaOptions(markers)}>;`] : []),
        '',
      ];
      return [`src/engine/generated/${name}.ts`, lines.join('\n')];
    }),
  );
}
