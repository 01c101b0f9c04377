/** Slots a table starts with, and never goes below. */
const INITIAL_CAPACITY = 1_024;

/**
 * Values by id (a charge id: a UUID's text), for what the embedded profile holds per call in
 * flight: the open reservations and the answers not yet delivered. A `Map` would do, but each
 * paid call adds an entry and deletes it a few milliseconds later, and V8 then rebuilds the
 * map's table whenever its deleted entries fill it or its size crosses a quarter of it. The
 * table of a long-lived map is made in the old generation, so under load those rebuilt tables
 * fed the full collections that only paid calls caused (with this table instead of
 * the Map and the Set, 7 mark-compacts in 10 s of load instead of 11–12, and +6% paid calls a
 * second in an interleaved A/B).
 *
 * This table is two arrays of a fixed capacity, a power of two, filled by linear probing
 * (Knuth's algorithm R: a deletion moves the later entries of its run back, so there are no
 * tombstones). It only reallocates to grow past half full, or to shrink back after a burst.
 */
export class IdTable<V> {
  private idAt: (string | undefined)[] = [];
  private valueAt: (V | undefined)[] = [];
  private mask = 0;
  private count = 0;

  constructor() {
    this.allocate(INITIAL_CAPACITY);
  }

  get size(): number {
    return this.count;
  }

  get(id: string): V | undefined {
    const slot = this.find(id);
    return slot < 0 ? undefined : this.valueAt[slot];
  }

  has(id: string): boolean {
    return this.find(id) >= 0;
  }

  set(id: string, value: V): void {
    const slot = this.find(id);
    if (slot >= 0) {
      this.valueAt[slot] = value;
      return;
    }
    if ((this.count + 1) * 2 > this.idAt.length) this.rebuild(this.idAt.length * 2);
    let at = this.home(id);
    while (this.idAt[at] !== undefined) at = (at + 1) & this.mask;
    this.idAt[at] = id;
    this.valueAt[at] = value;
    this.count++;
  }

  /** Removes `id`; whether it was there. */
  delete(id: string): boolean {
    let hole = this.find(id);
    if (hole < 0) return false;
    this.count--;
    // Algorithm R: an entry after the hole moves into it unless its home lies cyclically in
    // (hole, at], where it can still be found without passing the hole.
    for (let at = (hole + 1) & this.mask; this.idAt[at] !== undefined; at = (at + 1) & this.mask) {
      const id = this.idAt[at] as string;
      const home = this.home(id);
      if (((at - home) & this.mask) < ((at - hole) & this.mask)) continue;
      this.idAt[hole] = id;
      this.valueAt[hole] = this.valueAt[at];
      hole = at;
    }
    this.idAt[hole] = undefined;
    this.valueAt[hole] = undefined;
    // After a burst: back to a sixteenth full at least, never below the initial size.
    if (this.idAt.length > INITIAL_CAPACITY && this.count * 16 < this.idAt.length)
      this.rebuild(Math.max(INITIAL_CAPACITY, this.idAt.length / 4));
    return true;
  }

  /** The entries, in no particular order; do not change the table while iterating. */
  *entries(): IterableIterator<[string, V]> {
    for (let at = 0; at < this.idAt.length; at++) {
      const id = this.idAt[at];
      if (id !== undefined) yield [id, this.valueAt[at] as V];
    }
  }

  *keys(): IterableIterator<string> {
    for (const [id] of this.entries()) yield id;
  }

  *values(): IterableIterator<V> {
    for (const [, value] of this.entries()) yield value;
  }

  /** The slot of `id`, or -1. */
  private find(id: string): number {
    for (let at = this.home(id); ; at = (at + 1) & this.mask) {
      const stored = this.idAt[at];
      if (stored === undefined) return -1;
      if (stored === id) return at;
    }
  }

  /** Where `id` goes when its slot is free: FNV-1a of its last 8 characters (a UUID's random ones). */
  private home(id: string): number {
    let hash = 0x811c9dc5;
    for (let i = Math.max(0, id.length - 8); i < id.length; i++)
      hash = Math.imul(hash ^ id.charCodeAt(i), 0x01000193);
    return (hash ^ (hash >>> 15)) & this.mask;
  }

  private allocate(capacity: number): void {
    this.idAt = new Array<string | undefined>(capacity).fill(undefined);
    this.valueAt = new Array<V | undefined>(capacity).fill(undefined);
    this.mask = capacity - 1;
    this.count = 0;
  }

  private rebuild(capacity: number): void {
    const entries = [...this.entries()];
    this.allocate(capacity);
    for (const [id, value] of entries) this.set(id, value);
  }
}
