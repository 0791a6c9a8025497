/** Least-recently-used map bounded by entries and by the total size of its string values. */
export class LruCache<V extends { size: number }> {
  private readonly map = new Map<string, V>();
  private bytes = 0;
  hits = 0;
  misses = 0;

  constructor(
    private readonly maxEntries: number,
    private readonly maxBytes: number,
  ) {}

  get(key: string): V | undefined {
    const value = this.map.get(key);
    if (value === undefined) return undefined;
    // Re-inserted so the Map's order is the order of use.
    this.map.delete(key);
    this.map.set(key, value);
    return value;
  }

  /** The value without marking it used. */
  peek(key: string): V | undefined {
    return this.map.get(key);
  }

  set(key: string, value: V): void {
    if (value.size > this.maxBytes / 4) return; // one answer may not push out a quarter
    this.delete(key);
    this.map.set(key, value);
    this.bytes += value.size;
    for (const [oldest, v] of this.map) {
      if (this.map.size <= this.maxEntries && this.bytes <= this.maxBytes) break;
      this.map.delete(oldest);
      this.bytes -= v.size;
    }
  }

  delete(key: string): void {
    const old = this.map.get(key);
    if (old === undefined) return;
    this.map.delete(key);
    this.bytes -= old.size;
  }

  get size(): number {
    return this.map.size;
  }

  /** The total size of the values kept. */
  get bytesUsed(): number {
    return this.bytes;
  }
}
