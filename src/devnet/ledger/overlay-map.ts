/** Clones a state entry; an entry that cannot be cloned (it holds a function) is handed out as it is. */
function cloneEntry<V>(value: V): V {
  try {
    return structuredClone(value);
  } catch {
    return value;
  }
}

/**
 * A Map that reads through to `base` but never writes to it. An entry is deep-copied the first time it
 * is read, so a caller that changes the object it got changes only the copy; sets and deletes are kept
 * on the side. Copying what is used, not the whole map, keeps a dry run as cheap as the work it does.
 * Iteration follows a Map's order: base entries where they were, entries added later at the end.
 */
export class OverlayMap<K, V> extends Map<K, V> {
  /** entries read (copied) or written here, by key */
  private readonly own = new Map<K, V>();
  private readonly removed = new Set<K>();
  /** base keys deleted and then set again: a Map lists those at the end */
  private readonly moved = new Set<K>();

  constructor(private readonly base: ReadonlyMap<K, V>) {
    super();
  }

  override get(key: K): V | undefined {
    if (this.own.has(key)) return this.own.get(key);
    if (this.removed.has(key) || !this.base.has(key)) return undefined;
    const copy = cloneEntry(this.base.get(key) as V);
    this.own.set(key, copy);
    return copy;
  }

  override has(key: K): boolean {
    return this.own.has(key) || (!this.removed.has(key) && this.base.has(key));
  }

  override set(key: K, value: V): this {
    if (this.removed.delete(key)) {
      this.moved.add(key);
      this.own.delete(key);
    }
    this.own.set(key, value);
    return this;
  }

  override delete(key: K): boolean {
    const present = this.has(key);
    this.own.delete(key);
    this.moved.delete(key);
    if (this.base.has(key)) this.removed.add(key);
    return present;
  }

  override clear(): void {
    for (const key of this.keys()) this.delete(key);
  }

  override get size(): number {
    let size = 0;
    for (const _ of this.keys()) size++;
    return size;
  }

  override *keys(): MapIterator<K> {
    for (const key of this.base.keys()) if (!this.removed.has(key) && !this.moved.has(key)) yield key;
    for (const key of this.own.keys()) if (!this.base.has(key) || this.moved.has(key)) yield key;
  }

  override *values(): MapIterator<V> {
    for (const key of this.keys()) yield this.get(key) as V;
  }

  override *entries(): MapIterator<[K, V]> {
    for (const key of this.keys()) yield [key, this.get(key) as V];
  }

  override [Symbol.iterator](): MapIterator<[K, V]> {
    return this.entries();
  }

  override forEach(callback: (value: V, key: K, map: Map<K, V>) => void, thisArg?: unknown): void {
    for (const [key, value] of this.entries()) callback.call(thisArg, value, key, this);
  }
}
