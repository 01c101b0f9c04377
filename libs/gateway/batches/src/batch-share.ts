import { availableParallelism } from 'node:os';

/** How often the share is looked at: the process's CPU time over this window. */
export const SHARE_WINDOW_MS = 250;

/** Items let in at once when a batch starts while customers' calls come in; grown from there. */
export const START_LIMIT = 4;

/** What the share reads: the process's CPU time (all its threads), a clock, and its cores. */
export interface ShareClock {
  /** CPU time used by the process so far, in microseconds. */
  cpuMicros(): number;
  /** Milliseconds on a monotonic clock. */
  now(): number;
  readonly cores: number;
}

const processClock: ShareClock = {
  cpuMicros: () => {
    const used = process.cpuUsage();
    return used.user + used.system;
  },
  now: () => performance.now(),
  cores: availableParallelism(),
};

/**
 * Batch items under way at once in this process while customers' calls come in: the batch's CPU
 * gives way to theirs. Every {@link SHARE_WINDOW_MS} the process's CPU use over the window (all
 * threads, the embedded database's included) is compared with `percent` of the cores:
 *
 * - a batch starts (the first item after none were under way): {@link START_LIMIT} for a window;
 * - no customer's call coming in (none under way, none started in the last second): no limit (the
 *   batch runs flat out);
 * - calls came in again: {@link START_LIMIT} (the items already under way finish first);
 * - above `percent`: the limit becomes three quarters of the items under way (at least 1);
 * - under four fifths of `percent`: the limit grows by a tenth (at least 1).
 *
 * An item waits for a place first come, first served; at least one is always under way, so a
 * process saturated by its customers slows its batches down to a crawl, never to a halt.
 */
export class BatchShare {
  private limit = Infinity;
  private underWay = 0;
  private readonly waiting: (() => void)[] = [];
  private timer?: NodeJS.Timeout;
  private lastCpu = 0;
  private lastAt = 0;

  constructor(
    /** Percent of the cores the process may use, customers' calls and batch together. */
    private readonly percent: number,
    /** Whether customers' calls come in at `at` (the clock's `now`): Foreground.comingIn. */
    private readonly comingIn: (at: number) => boolean,
    private readonly clock: ShareClock = processClock,
  ) {}

  /** Waits for a place; call what it returns when the item is done (again: nothing happens). */
  async enter(): Promise<() => void> {
    this.watch();
    // Calls came in while the batch ran alone: the items already under way finish, and the next
    // ones start from a few.
    if (this.limit === Infinity && this.percent < 100 && this.comingIn(this.clock.now()))
      this.limit = START_LIMIT;
    if (this.underWay < this.limit && this.waiting.length === 0) this.underWay++;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    let left = false;
    return () => {
      if (left) return;
      left = true;
      this.underWay--;
      this.wake();
    };
  }

  /** Lets everyone in and stops looking (shutting down: the queue waits for its handlers). */
  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
    this.limit = Infinity;
    this.wake();
  }

  private watch(): void {
    if (this.timer || this.percent >= 100) return;
    this.lastCpu = this.clock.cpuMicros();
    this.lastAt = this.clock.now();
    // A batch starting in an idle process begins with a few items too, for the first window: the
    // calls that come in meanwhile are seen before the whole batch is under way.
    this.limit = START_LIMIT;
    this.timer = setInterval(() => this.look(), SHARE_WINDOW_MS);
    this.timer.unref();
  }

  private look(): void {
    const [cpu, at] = [this.clock.cpuMicros(), this.clock.now()];
    const used = (cpu - this.lastCpu) / 10 / ((at - this.lastAt) * this.clock.cores);
    [this.lastCpu, this.lastAt] = [cpu, at];
    if (!this.comingIn(at)) this.limit = Infinity;
    else if (used > this.percent)
      this.limit = Math.max(1, Math.floor(Math.min(this.limit, this.underWay) * 0.75));
    else if (used < this.percent * 0.8 && this.limit !== Infinity)
      this.limit += Math.max(1, Math.ceil(this.limit / 10));
    this.wake();
    if (this.underWay === 0 && this.limit === Infinity) {
      clearInterval(this.timer);
      this.timer = undefined;
    }
  }

  /** Places free under the limit go to those waiting, in order. */
  private wake(): void {
    while (this.waiting.length > 0 && this.underWay < this.limit) {
      this.underWay++;
      this.waiting.shift()?.();
    }
  }
}
