/** What an entry costs besides its key and value: the Map's slot and the record around the value (64-bit V8, roughly). */
export const ENTRY_OVERHEAD_BYTES = 128;

/** Any character outside Latin-1 makes V8 keep a string in two bytes a character. */
const TWO_BYTE = /[^\u0000-\u00ff]/;

/** The bytes a text holds in memory: a string one or two a character, as V8 stores it; a Buffer its length. */
export function bytesOf(text: string | Buffer): number {
  if (typeof text !== 'string') return text.length;
  return TWO_BYTE.test(text) ? 2 * text.length : text.length;
}

/**
 * A Map holding at most maxBytes: each entry counts its key, its value (as sizeOf measures it) and
 * ENTRY_OVERHEAD_BYTES, so a cache filed under long keys (URLs) fills up as fast as one of long answers.
 * Past the budget the oldest entries go first (the Map's order; set moves an entry last).
 */
export class ByteBoundedMap<K extends string | Buffer, V> {
  private readonly entries = new Map<K, { value: V; bytes: number }>();
  private total = 0;

  constructor(
    readonly maxBytes: number,
    private readonly sizeOf: (value: V) => number,
  ) {}

  /** The bytes counted for the entries held now. */
  get bytes(): number {
    return this.total;
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: K): V | undefined {
    return this.entries.get(key)?.value;
  }

  /** Keeps the value last in line; an entry larger than the whole budget is not kept (nor what it replaced). */
  set(key: K, value: V): void {
    this.delete(key);
    const bytes = bytesOf(key) + this.sizeOf(value) + ENTRY_OVERHEAD_BYTES;
    if (bytes > this.maxBytes) return;
    this.entries.set(key, { value, bytes });
    this.total += bytes;
    this.evict();
  }

  /** Measures the entry again after its value changed in place (a promise settled, a copy was added). */
  remeasure(key: K): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    const bytes = bytesOf(key) + this.sizeOf(entry.value) + ENTRY_OVERHEAD_BYTES;
    this.total += bytes - entry.bytes;
    entry.bytes = bytes;
    this.evict();
  }

  delete(key: K): boolean {
    const entry = this.entries.get(key);
    if (!entry) return false;
    this.total -= entry.bytes;
    return this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
    this.total = 0;
  }

  private evict(): void {
    for (const [key, entry] of this.entries) {
      if (this.total <= this.maxBytes) return;
      this.total -= entry.bytes;
      this.entries.delete(key);
    }
  }
}
