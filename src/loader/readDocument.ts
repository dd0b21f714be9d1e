// Reads a YAML or JSON config file and keeps a way back from a JSON path to its line:column.
import { readFile } from 'node:fs/promises';
import type { Document, Node } from 'yaml';
import type { ConfigError, JsonPath } from '../engine/errors.ts';
import { formatJsonPath } from '../engine/errors.ts';
import { lazyPackage } from './lazyPackage.ts';

const yaml = lazyPackage<typeof import('yaml')>('yaml');

export interface SourceDocument {
  /** Path shown in messages (relative to the working directory when inside it). */
  file: string;
  data: unknown;
  /** Position of the node at `path`; of the key when `at` is 'key'. Falls back to the deepest node found. */
  locate(path: JsonPath, at?: 'value' | 'key'): { line: number; column: number };
  errorAt(path: JsonPath, message: string, at?: 'value' | 'key'): ConfigError;
}

/** A document that passed its schema, and its data. */
export interface Loaded<T> { doc: SourceDocument; data: T }

type ReadResult = { ok: true; doc: SourceDocument } | { ok: false; errors: ConfigError[] };

export async function readDocument(absPath: string, shownPath: string): Promise<ReadResult> {
  let text: string;
  try {
    text = await readFile(absPath, 'utf8');
  } catch (err) {
    const reason = (err as NodeJS.ErrnoException).code === 'ENOENT' ? 'file not found' : String(err);
    return { ok: false, errors: [{ file: shownPath, line: 1, column: 1, path: '(document)', message: reason }] };
  }
  return parseText(text, shownPath);
}

export function parseText(text: string, shownPath: string): ReadResult {
  const { LineCounter, parseDocument } = yaml();
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, uniqueKeys: true, prettyErrors: false });
  if (doc.errors.length > 0) {
    return {
      ok: false,
      errors: doc.errors.map((e) => {
        // e.linePos is only filled with prettyErrors; the offset is always there.
        let offset = e.code === 'MISSING_CHAR' && /quote/.test(e.message) ? openingQuote(doc, e.pos[0]) : e.pos[0];
        while (text[offset] === ' ') offset++; // an indentation error names the misplaced item, not the spaces before it
        const pos = lineCounter.linePos(offset);
        const at = e.code === 'DUPLICATE_KEY' ? keyPathAt(doc, e.pos[0]) : undefined;
        const key = at?.at(-1);
        return { file: shownPath, line: pos.line, column: pos.col, path: at ? formatJsonPath(at) : '(document)', message: describeParseError(e.code, e.message, key) };
      }),
    };
  }
  const data = doc.toJS({ maxAliasCount: 1000 }) as unknown;
  const locate = (path: JsonPath, at: 'value' | 'key' = 'value') => {
    const offset = findOffset(doc, path, at);
    const pos = lineCounter.linePos(offset);
    return { line: pos.line, column: pos.col };
  };
  const errorAt = (path: JsonPath, message: string, at: 'value' | 'key' = 'value'): ConfigError => ({
    file: shownPath,
    ...locate(path, at),
    path: formatJsonPath(path),
    message,
  });
  return { ok: true, doc: { file: shownPath, data, locate, errorAt } };
}

function describeParseError(code: string, message: string, key?: string | number): string {
  if (code === 'DUPLICATE_KEY') return key === undefined ? 'the same key appears twice in this mapping' : `the key ${JSON.stringify(key)} appears twice in this mapping`;
  if (code === 'MISSING_CHAR' && /quote/.test(message)) return 'YAML syntax error: the quoted text that starts here has no closing quote';
  // The yaml library's first line is the useful part; the rest repeats the source excerpt.
  return `YAML syntax error: ${message.split('\n')[0]?.replace(/ at line \d+, column \d+.*$/, '')}`;
}

function findOffset(doc: Document, path: JsonPath, at: 'value' | 'key'): number {
  const { isAlias, isMap, isScalar, isSeq } = yaml();
  let node: Node | null = doc.contents as Node | null;
  let offset = node?.range?.[0] ?? 0;
  for (let i = 0; i < path.length && node; i++) {
    const seg = path[i];
    if (isAlias(node)) node = node.resolve(doc) ?? null;
    if (isMap(node)) {
      const pair = node.items.find((p) => isScalar(p.key) && String(p.key.value) === String(seg));
      if (!pair) break;
      const key = pair.key as Node;
      const isLast = i === path.length - 1;
      if (isLast && at === 'key') return key.range?.[0] ?? offset;
      offset = key.range?.[0] ?? offset;
      node = (pair.value as Node | null) ?? null;
      if (node?.range && !(isLast && at === 'key')) offset = node.range[0];
    } else if (isSeq(node) && typeof seg === 'number') {
      const item = node.items[seg] as Node | undefined;
      if (!item) break;
      node = item;
      if (item.range) offset = item.range[0];
    } else {
      break;
    }
  }
  return offset;
}

/** Start of the quoted scalar that runs up to `offset` (where the parser missed its closing quote). */
function openingQuote(doc: Document, offset: number): number {
  let start = offset;
  yaml().visit(doc, {
    Scalar(_, node) {
      const r = node.range;
      if (r && (node.type === 'QUOTE_DOUBLE' || node.type === 'QUOTE_SINGLE') && r[0] < offset && offset <= r[2]) start = r[0];
    },
  });
  return start;
}

/** JSON path of the mapping key that starts at `offset` (for duplicate keys). */
function keyPathAt(doc: Document, offset: number): JsonPath | undefined {
  const { isMap, isScalar, isSeq } = yaml();
  const walk = (node: unknown, path: JsonPath): JsonPath | undefined => {
    if (isMap(node)) {
      for (const pair of node.items) {
        const key = pair.key as Node | null;
        const name = isScalar(key) ? String(key.value) : '?';
        if (key?.range?.[0] === offset) return [...path, name];
        const found = walk(pair.value, [...path, name]);
        if (found) return found;
      }
    } else if (isSeq(node)) {
      for (let i = 0; i < node.items.length; i++) {
        const found = walk(node.items[i], [...path, i]);
        if (found) return found;
      }
    }
    return undefined;
  };
  return walk(doc.contents, []);
}
