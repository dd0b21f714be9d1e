// Memory cache of GET answers (SPEC.md §7: at most 500 entries, 5-minute lifetime), oldest
// entry evicted first; concurrent requests for the same key share one promise.
interface TtlCache<T> {
  get(key: string): T | undefined;
  set(key: string, value: T): void;
  delete(key: string): void;
  readonly size: number;
}

export function createTtlCache<T>(maxEntries: number, ttlMs: number, now: () => number = Date.now): TtlCache<T> {
  const entries = new Map<string, { value: T; expires: number }>();
  return {
    get(key) {
      const hit = entries.get(key);
      if (!hit) return undefined;
      if (hit.expires <= now()) {
        entries.delete(key);
        return undefined;
      }
      // Re-insert so eviction drops the least recently used entry.
      entries.delete(key);
      entries.set(key, hit);
      return hit.value;
    },
    set(key, value) {
      if (maxEntries <= 0) return;
      entries.delete(key);
      entries.set(key, { value, expires: now() + ttlMs });
      while (entries.size > maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        entries.delete(oldest);
      }
    },
    delete(key) {
      entries.delete(key);
    },
    get size() {
      return entries.size;
    },
  };
}
