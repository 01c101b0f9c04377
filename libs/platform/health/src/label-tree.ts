/**
 * Values per label set, found by walking one map per label: no key text is built per lookup (a
 * joined key is a new string to hash on every call, which cost more than the counting itself).
 */
export class LabelTree<V> {
  private readonly root = new Map<unknown, unknown>();
  /** The same values in the order their label sets were first seen, as prom-client lists them. */
  private readonly seen: V[] = [];

  constructor(private readonly names: readonly string[]) {}

  /** The value of `labels`, made by `create` the first time (a function made once, not per call). */
  get<L extends Readonly<Record<string, unknown>>>(labels: L, create: (labels: L) => V): V {
    let node = this.root;
    const last = this.names.length - 1;
    for (let i = 0; i < last; i++) {
      const value = labels[this.names[i]];
      let next = node.get(value) as Map<unknown, unknown> | undefined;
      if (!next) node.set(value, (next = new Map()));
      node = next;
    }
    const leaf = labels[this.names[last]];
    let found = node.get(leaf) as V | undefined;
    if (found === undefined) {
      node.set(leaf, (found = create(labels)));
      this.seen.push(found);
    }
    return found;
  }

  /** Every value, in the order their label sets were first seen. */
  values(): readonly V[] {
    return this.seen;
  }

  clear(): void {
    this.root.clear();
    this.seen.length = 0;
  }
}
