/** Values by key, bounded by their total size in bytes: reading one makes it the most recently used, and the least
 *  recently used go first when the total is over the limit. */
export class ByteLru<Value> {
  private readonly entries = new Map<string, Value>();
  private total = 0;

  constructor(
    private readonly maxBytes: number,
    private readonly sizeOf: (value: Value) => number,
  ) {}

  get(key: string): Value | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    // the most recently used goes last
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  has(key: string): boolean {
    return this.entries.has(key);
  }

  /** Keeps `value` under `key` (replacing what was there), then lets the least recently used go while the total is over
   *  the limit or while `stale` says the oldest is not worth keeping. */
  set(key: string, value: Value, stale?: (value: Value) => boolean) {
    this.delete(key);
    this.entries.set(key, value);
    this.total += this.sizeOf(value);
    for (const [oldest, old] of this.entries) {
      if (oldest === key || (this.total <= this.maxBytes && !stale?.(old))) break;
      this.delete(oldest);
    }
  }

  delete(key: string) {
    const value = this.entries.get(key);
    if (value === undefined) return;
    this.entries.delete(key);
    this.total -= this.sizeOf(value);
  }

  keys(): string[] {
    return [...this.entries.keys()];
  }
}
