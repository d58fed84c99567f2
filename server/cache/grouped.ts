/**
 * Entries that each depend on one id (a Coach, a user), dropped a whole group at a time when that
 * id changes, each kept until its own expiry and at most `max` at once, the oldest going first.
 */
export class GroupedCache<V> {
  readonly #entries = new Map<string, { value: V; group: string; expiresAt: number }>();
  readonly #groups = new Map<string, Set<string>>();
  #drops = 0;

  constructor(readonly max: number) {}

  /**
   * Taken before reading the source and handed to `put`: data read while a group was dropped may
   * be from before the change, so it is not kept. Which group a read belongs to is only known
   * once it ends, so any drop counts.
   */
  get mark(): number {
    return this.#drops;
  }

  get(key: string): V | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt > Date.now()) return entry.value;
    this.#remove(key);
    return undefined;
  }

  put(key: string, value: V, options: { group: string; expiresAt: number; mark: number }): void {
    if (options.mark !== this.#drops) return;
    this.#remove(key);
    if (this.#entries.size >= this.max) this.#remove(this.#entries.keys().next().value!);
    this.#entries.set(key, { value, group: options.group, expiresAt: options.expiresAt });
    const keys = this.#groups.get(options.group) ?? new Set<string>();
    this.#groups.set(options.group, keys.add(key));
  }

  drop(group: string): void {
    this.#drops += 1;
    for (const key of this.#groups.get(group) ?? []) this.#entries.delete(key);
    this.#groups.delete(group);
  }

  clear(): void {
    this.#drops += 1;
    this.#entries.clear();
    this.#groups.clear();
  }

  #remove(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    const keys = this.#groups.get(entry.group);
    keys?.delete(key);
    if (keys?.size === 0) this.#groups.delete(entry.group);
  }
}
