/**
 * A Map that forgets its least recently written entries past `maxEntries`, so the in-memory
 * cache of the standalone profile cannot grow without bound (e.g. DNS lookups of any domain).
 */
export class BoundedMap<K, V> extends Map<K, V> {
  constructor(private readonly maxEntries: number) {
    super();
  }

  override set(key: K, value: V): this {
    if (super.has(key)) super.delete(key);
    super.set(key, value);
    if (this.size > this.maxEntries) super.delete(this.keys().next().value as K);
    return this;
  }
}
