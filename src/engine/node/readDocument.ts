// Reads a YAML or JSON config file and keeps a way back from a JSON path to its line:column.
import { readFile } from 'node:fs/promises';
import { LineCounter, parseDocument, isAlias, isMap, isSeq, isScalar, type Document, type Node } from 'yaml';
import type { ConfigError, JsonPath } from '../errors.ts';
import { formatJsonPath } from '../errors.ts';

export interface SourceDocument {
  /** Path shown in messages (relative to the working directory when inside it). */
  file: string;
  data: unknown;
  /** Position of the node at `path`; of the key when `at` is 'key'. Falls back to the deepest node found. */
  locate(path: JsonPath, at?: 'value' | 'key'): { line: number; column: number };
  errorAt(path: JsonPath, message: string, at?: 'value' | 'key'): ConfigError;
}

export type ReadResult = { ok: true; doc: SourceDocument } | { ok: false; errors: ConfigError[] };

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
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, uniqueKeys: true, prettyErrors: false });
  if (doc.errors.length > 0) {
    return {
      ok: false,
      errors: doc.errors.map((e) => {
        const pos = e.linePos?.[0] ?? { line: 1, col: 1 };
        return { file: shownPath, line: pos.line, column: pos.col, path: '(document)', message: describeParseError(e.code, e.message) };
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

function describeParseError(code: string, message: string): string {
  if (code === 'DUPLICATE_KEY') return 'the same key appears twice in this mapping';
  // The yaml library's first line is the useful part; the rest repeats the source excerpt.
  return `YAML syntax error: ${message.split('\n')[0]?.replace(/ at line \d+, column \d+.*$/, '')}`;
}

function findOffset(doc: Document, path: JsonPath, at: 'value' | 'key'): number {
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
