// Collects the cross-reference errors of a config, each at its file:line:column.
import type { ConfigError, JsonPath } from '../engine/errors.ts';
import type { SourceDocument } from './readDocument.ts';
import { closestName } from './similar.ts';

export class Issues {
  readonly errors: ConfigError[] = [];
  add(doc: SourceDocument, path: JsonPath, message: string, at: 'value' | 'key' = 'value'): void {
    this.errors.push(doc.errorAt(path, message, at));
  }
  /** Reports `kind "id"` as unknown, with a suggestion and the known ids. */
  unknown(doc: SourceDocument, path: JsonPath, kind: string, id: string, known: readonly string[]): void {
    const hint = closestName(id, known);
    const list = known.length ? `; known: ${known.slice(0, 12).join(', ')}${known.length > 12 ? ', ...' : ''}` : '';
    this.add(doc, path, `unknown ${kind} "${id}"${hint ? ` (did you mean "${hint}"?)` : list}`);
  }
  /** Reports ids that appear more than once in `items` (path of each later occurrence). */
  duplicates(doc: SourceDocument, items: ReadonlyArray<{ id: string; path: JsonPath }>, kind: string): void {
    const seen = new Map<string, JsonPath>();
    for (const { id, path } of items) {
      const first = seen.get(id);
      if (first) this.add(doc, path, `duplicate ${kind} "${id}" (first declared at line ${doc.locate(first).line})`);
      else seen.set(id, path);
    }
  }
}
