import { LRUCache } from 'lru-cache';

/**
 * Entries that each depend on one id (a Coach), dropped a whole group at a time when that id
 * changes: lru-cache keeps them (at most `max`, the least recently used going first, each for
 * `ttlMs`) and this adds the groups and the read-during-a-drop guard.
 */
export class GroupedCache<V extends object> {
  readonly #entries: LRUCache<string, { value: V; group: string }>;
  readonly #groups = new Map<string, Set<string>>();
  #drops = 0;

  constructor(max: number, ttlMs: number) {
    this.#entries = new LRUCache({
      max,
      ttl: ttlMs,
      // The wall clock rather than lru-cache's default monotonic one, so a test's fake clock drives
      // the expiry too; a seconds-long lifetime does not care about clock steps.
      perf: Date,
      // Called whenever an entry leaves (evicted, expired, replaced or deleted).
      dispose: ({ group }, key) => {
        const keys = this.#groups.get(group);
        keys?.delete(key);
        if (keys?.size === 0) this.#groups.delete(group);
      },
    });
  }

  /**
   * Taken before reading the source and handed to `put`: data read while a group was dropped may
   * be from before the change, so it is not kept. Which group a read belongs to is only known
   * once it ends, so any drop counts.
   */
  get mark(): number {
    return this.#drops;
  }

  get(key: string): V | undefined {
    return this.#entries.get(key)?.value;
  }

  put(key: string, value: V, options: { group: string; mark: number }): void {
    if (options.mark !== this.#drops) return;
    this.#entries.set(key, { value, group: options.group });
    const keys = this.#groups.get(options.group) ?? new Set<string>();
    this.#groups.set(options.group, keys.add(key));
  }

  drop(group: string): void {
    this.#drops += 1;
    for (const key of [...(this.#groups.get(group) ?? [])]) this.#entries.delete(key);
  }

  clear(): void {
    this.#drops += 1;
    this.#entries.clear();
  }
}
