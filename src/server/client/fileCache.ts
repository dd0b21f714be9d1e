import { readFile, stat } from 'node:fs/promises';
import { Lru } from '../ogc/cache.ts';

/**
 * Caches a value derived from a file's bytes. A cheap stat per request re-derives it when the
 * file's mtime or size changed, so a rebuild of dist/ is picked up without a restart. At most
 * `maxFiles` are kept (least recently used first out): rebuilds leave old hashed files behind.
 */
export class FileCache<T> {
  private readonly entries: Lru<{ mtimeMs: number; size: number; value: T }>;

  constructor(
    private readonly derive: (file: string, bytes: Buffer) => T,
    maxFiles = 1024,
  ) {
    this.entries = new Lru({ maxWeight: maxFiles, maxEntryWeight: 1 });
  }

  /** The derived value, or null when `file` is not a regular file. */
  async get(file: string): Promise<T | null> {
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) return null;
    const hit = this.entries.get(file);
    if (hit && hit.mtimeMs === info.mtimeMs && hit.size === info.size) return hit.value;
    const value = this.derive(file, await readFile(file));
    this.entries.set(file, { mtimeMs: info.mtimeMs, size: info.size, value });
    return value;
  }
}
