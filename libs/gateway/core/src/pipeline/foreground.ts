import { Injectable } from '@nestjs/common';

/**
 * While customers' calls come in, a look of the release that comes more than this late (its timer
 * held up by a busy turn of the event loop) starts no background step: the loop is busy, the
 * calls go first.
 */
export const LATE_LOOK_MS = 2;

/**
 * However busy the loop, a background step starts at least this often while one waits: a process
 * saturated by calls slows its batch jobs down to a crawl, never to a halt.
 */
export const MAX_HOLD_MS = 50;

/** Customers' calls count as coming in for this long after the last one started. */
export const CALLS_HOLD_MS = 1_000;

/**
 * While customers' calls come in, background steps start at least this far apart. Steps started
 * together come back together (an upstream answers them after the same delay, a statement ends
 * them at once) and their continuations then fill one turn of the loop, which the calls wait on.
 */
export const STEP_GAP_MS = 3;

/**
 * The customers' calls in this process, and turns for background work (batch items) that gives
 * way to them. While no call comes in (none under way, none started in the last
 * {@link CALLS_HOLD_MS}), a background step starts at once. While calls come in, background steps
 * start one at a time: one per turn of the event loop, at least {@link STEP_GAP_MS} apart, and
 * none right after a busy turn (a look more than {@link LATE_LOOK_MS} late; unless none started
 * for {@link MAX_HOLD_MS}). A call waits on a few turns of the loop (its charge's journal write, its
 * answer's write), so a long turn makes it slow: background work that would come back many steps
 * at once goes on a step at a time.
 */
@Injectable()
export class Foreground {
  private calls = 0;
  private lastBegin = -Infinity;
  private readonly parked: (() => void)[] = [];
  private releasing = false;
  /** When the release was meant to run next (performance.now()). */
  private due = 0;
  /** When a background step last started through the release. */
  private lastStep = -Infinity;

  /** A call started. */
  begin(): void {
    this.calls++;
    this.lastBegin = performance.now();
  }

  /** A call ended. */
  end(): void {
    this.calls--;
  }

  /** Whether customers' calls come in: one under way, or one started in the last {@link CALLS_HOLD_MS}. */
  comingIn(now = performance.now()): boolean {
    return this.calls > 0 || now - this.lastBegin < CALLS_HOLD_MS;
  }

  /**
   * A background step's turn: undefined when it may start now, else a promise that resolves
   * when it may.
   */
  turn(): Promise<void> | undefined {
    if (this.parked.length === 0 && !this.comingIn()) return undefined;
    return new Promise<void>((resolve) => {
      this.parked.push(resolve);
      if (this.releasing) return;
      this.releasing = true;
      this.due = performance.now();
      setImmediate(this.release);
    });
  }

  /**
   * Every parked step while no call comes in; else at most one, and the next look once the gap
   * has passed. A look that comes more than {@link LATE_LOOK_MS} late followed a busy turn:
   * it starts nothing and looks again in the next millisecond.
   */
  private readonly release = (): void => {
    const now = performance.now();
    const comingIn = this.comingIn(now);
    const late = now - this.due > LATE_LOOK_MS && now - this.lastStep < MAX_HOLD_MS;
    const early = now - this.lastStep < STEP_GAP_MS;
    const go = !comingIn ? this.parked.splice(0) : late || early ? [] : this.parked.splice(0, 1);
    if (go.length) this.lastStep = now;
    for (const resolve of go) resolve();
    if (this.parked.length === 0) {
      this.releasing = false;
      return;
    }
    const wait = late ? 1 : Math.max(1, this.lastStep + STEP_GAP_MS - now);
    this.due = now + wait;
    setTimeout(this.release, wait);
  };
}
