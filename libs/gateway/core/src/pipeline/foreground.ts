import { Injectable } from '@nestjs/common';

/**
 * A turn of the event loop that took longer than this was a busy one: while customers' calls are
 * under way, no background step starts right after it.
 */
export const LONG_TURN_MS = 5;

/**
 * However busy the loop, a background step starts at least this often while one waits: a process
 * saturated by calls slows its batch jobs down to a crawl, never to a halt.
 */
export const MAX_HOLD_MS = 50;

/**
 * The customers' calls under way in this process, and turns for background work (batch items)
 * that gives way to them. While no call is under way, a background step starts at once. While
 * calls are under way, background steps start one per turn of the event loop, and none after a
 * turn longer than {@link LONG_TURN_MS} (unless none started for {@link MAX_HOLD_MS}). A call
 * waits on a few turns of the loop (its charge's journal write, its answer's write), so a long
 * turn makes it slow: background work that comes back many steps at once (a database statement
 * for many items) goes on a step at a time.
 */
@Injectable()
export class Foreground {
  private calls = 0;
  private lastBegin = -Infinity;
  private readonly parked: (() => void)[] = [];
  private releasing = false;
  /** When the release's last turn ran (performance.now()). */
  private lastTurn = 0;
  /** When a background step last started through the release. */
  private lastStep = 0;

  /** A call started. */
  begin(): void {
    this.calls++;
    this.lastBegin = performance.now();
  }

  /** When the last call started (performance.now()); -Infinity before the first. */
  get lastCallAt(): number {
    return this.lastBegin;
  }

  /** A call ended. */
  end(): void {
    this.calls--;
  }

  /**
   * A background step's turn: undefined when it may start now, else a promise that resolves
   * when it may.
   */
  turn(): Promise<void> | undefined {
    if (this.calls === 0 && this.parked.length === 0) return undefined;
    return new Promise<void>((resolve) => {
      this.parked.push(resolve);
      if (this.releasing) return;
      this.releasing = true;
      this.lastTurn = this.lastStep = performance.now();
      setImmediate(this.release);
    });
  }

  /** Once per turn of the loop: every parked step when no call is under way, else at most one. */
  private readonly release = (): void => {
    const now = performance.now();
    const long = now - this.lastTurn > LONG_TURN_MS && now - this.lastStep < MAX_HOLD_MS;
    this.lastTurn = now;
    let go: (() => void)[] = [];
    if (this.calls === 0) go = this.parked.splice(0);
    else if (!long) go = this.parked.splice(0, 1);
    if (go.length) this.lastStep = now;
    for (const resolve of go) resolve();
    if (this.parked.length) setImmediate(this.release);
    else this.releasing = false;
  };
}
