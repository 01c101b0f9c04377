/**
 * An integer's decimal digits, as `String(n)` writes them, without V8's number-string cache.
 * `String(n)` (and `${n}` in a template) keeps each number it converts, with its string, in a
 * cache of the whole heap that lives in the old generation: the string of a number seen for the
 * first time is kept past the next young-generation collections and promoted. A count that
 * changes with every call (a rate limit's remaining calls) promoted ~16 KB a collection that
 * way, and that growth of the old generation set off a full collection every few seconds under
 * load (`--trace-gc-nvp` showed 19 against 3 KB promoted a scavenge). `toFixed(0)` makes a
 * fresh string, and is quicker as well.
 */
export function integerText(n: number): string {
  return n.toFixed(0);
}

/** No value yet: unequal to anything a caller passes. */
const NONE = Symbol('none');

/**
 * The text of the last value given, made with `format` only when the value changed: for values
 * that repeat from one call to the next on a hot path (an instant's milliseconds, the seconds
 * until a window resets, an endpoint's id, a charge's price), the string is made once.
 */
export class LastText<T> {
  private last: T | typeof NONE = NONE;
  private text = '';

  constructor(private readonly format: (value: T) => string) {}

  of(value: T): string {
    if (value !== this.last) {
      this.last = value;
      this.text = this.format(value);
    }
    return this.text;
  }
}
