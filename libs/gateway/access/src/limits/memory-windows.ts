/** One counted call: calls in its window so far, and the time left in it. */
export interface WindowCount {
  /** Calls in the window, this one included. */
  readonly used: number;
  /** Milliseconds until the window ends. */
  readonly msLeft: number;
}

interface Window {
  used: number;
  endsAt: number;
}

/** A sweep of ended windows runs after this many windows have started (bounds the memory). */
const SWEEP_EVERY = 4_096;

/**
 * Fixed one-minute windows counted in this process: the standalone profile's rate limits, with
 * the semantics of rate-limiter-flexible's memory limiter that they replace on the hot path (a
 * window starts at its first call and lasts `windowMs`; calls past the limit are counted
 * too). Synchronous: one map lookup and an increment per call in a window under way (issue
 * 17), where the library built a result object and a promise.
 */
export class MemoryWindows {
  /** By limit, then by subject: one count per limit value, as the library's limiters kept. */
  private readonly byLimit = new Map<number, Map<string, Window>>();
  private started = 0;

  constructor(private readonly windowMs: number) {}

  /** Counts one call of `subject` under `limit`. */
  count(subject: string, limit: number, now = Date.now()): WindowCount {
    const windows = this.windowsOf(limit);
    let window = windows.get(subject);
    if (!window || window.endsAt <= now) {
      if (++this.started % SWEEP_EVERY === 0) this.sweep(now);
      window = { used: 0, endsAt: now + this.windowMs };
      windows.set(subject, window);
    }
    window.used++;
    return { used: window.used, msLeft: window.endsAt - now };
  }

  /** Takes back one counted call (a call the API could not serve). */
  uncount(subject: string, limit: number, now = Date.now()): void {
    const window = this.byLimit.get(limit)?.get(subject);
    if (window && window.endsAt > now && window.used > 0) window.used--;
  }

  /** Windows under way, for tests. */
  get size(): number {
    let size = 0;
    for (const windows of this.byLimit.values()) size += windows.size;
    return size;
  }

  private windowsOf(limit: number): Map<string, Window> {
    let windows = this.byLimit.get(limit);
    if (!windows) this.byLimit.set(limit, (windows = new Map()));
    return windows;
  }

  private sweep(now: number): void {
    for (const windows of this.byLimit.values())
      for (const [subject, window] of windows) if (window.endsAt <= now) windows.delete(subject);
  }
}
