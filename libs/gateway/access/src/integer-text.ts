/**
 * An integer's decimal digits, as `String(n)` writes them, without V8's number-string cache.
 * `String(n)` (and `${n}` in a template) keeps each number it converts, with its string, in a
 * cache of the whole heap that lives in the old generation: the string of a number seen for the
 * first time is kept past the next young-generation collections and promoted. A count that
 * changes with every call (a rate limit's remaining calls) promoted ~16 KB a collection that
 * way, and that growth of the old generation set off a full collection every few seconds under
 * load (issue 17: `--trace-gc-nvp`, 19 against 3 KB promoted a scavenge). `toFixed(0)` makes a
 * fresh string, and is quicker as well.
 */
export function integerText(n: number): string {
  return n.toFixed(0);
}

/**
 * {@link integerText} that keeps the last number's string: for numbers that repeat from one
 * call to the next (an instant's milliseconds, the seconds until a window resets), the string is
 * made once.
 */
export class LastIntegerText {
  private last = Number.NaN;
  private text = '';

  of(n: number): string {
    if (n !== this.last) {
      this.last = n;
      this.text = integerText(n);
    }
    return this.text;
  }
}
