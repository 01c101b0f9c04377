/** What a buffer starts with: a turn's lines under load are a few kilobytes. */
const INITIAL_BYTES = 16 * 1024;
/** The most a buffer keeps once its lines went out (a burst's lines need not stay resident). */
const KEPT_BYTES = 1 << 20;
/** UTF-8 takes at most 3 bytes per UTF-16 code unit of a JavaScript string. */
const MOST_BYTES_PER_UNIT = 3;

/**
 * The journal lines of the next append (GroupCommits), written as UTF-8 straight into a buffer
 * as each charge closes, instead of kept as strings, joined and encoded at the append. Two
 * buffers take turns: the lines of the append under way stay untouched in one (libuv's pool
 * reads them) while the next lines fill the other. So {@link take} may only be called once the
 * append of the bytes it handed out before has ended, as GroupCommits' one-append-at-a-time
 * rule has it. Issue 17, 25 charges an append: ~0.83 µs a charge beyond the line's own text when
 * the turn's strings were joined and encoded at the append, ~0.66 written into the buffer as
 * they come, and no array, joined text or Buffer per append.
 */
export class JournalLines {
  private readonly buffers = [Buffer.allocUnsafe(INITIAL_BYTES), Buffer.allocUnsafe(INITIAL_BYTES)];
  /** The buffer being filled (0 or 1), and how many of its bytes hold lines. */
  private filling = 0;
  private at = 0;

  /** Whether no line was added since the last {@link take}. */
  get empty(): boolean {
    return this.at === 0;
  }

  /** Adds `line` (a whole line, its newline included). */
  add(line: string): void {
    let bytes = this.buffers[this.filling];
    const most = this.at + line.length * MOST_BYTES_PER_UNIT;
    if (most > bytes.length) {
      const grown = Buffer.allocUnsafe(Math.max(bytes.length * 2, most));
      bytes.copy(grown, 0, 0, this.at);
      this.buffers[this.filling] = bytes = grown;
    }
    this.at += bytes.write(line, this.at);
  }

  /**
   * The lines added since the last take, for an append; the next lines go to the other buffer.
   * The bytes stay as they are until the take after this one.
   */
  take(): Buffer {
    const lines = this.buffers[this.filling].subarray(0, this.at);
    this.filling ^= 1;
    this.at = 0;
    // The buffer to fill now carried the append before: that one has ended.
    if (this.buffers[this.filling].length > KEPT_BYTES)
      this.buffers[this.filling] = Buffer.allocUnsafe(INITIAL_BYTES);
    return lines;
  }
}
