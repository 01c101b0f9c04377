import { IdTable } from './id-table.js';

/** How long delivery marks may wait for a journal write to carry them before one is made for them. */
const MARK_FLUSH_MS = 50;

/** What {@link DeliveryList.sent} looks at of an answer's response (Node's ServerResponse). */
export interface SentAnswer {
  readonly writableFinished: boolean;
  /** True once the response emitted 'close': finished, or its connection went first. */
  readonly destroyed: boolean;
}

/**
 * The embedded profile's delivery list (GroupCommits): a settlement's charge id is on it from
 * its closing until its answer has been handed to the socket. Every group commit writes the list
 * as it is, and the journal notes the answers that went out since (the marks it takes from
 * here); after a kill, the next start refunds what may not have been delivered.
 *
 * An answer being written is looked at, not listened to (a 'close' listener on every
 * paid response cost a closure, a `once` wrapper and a listener added and removed): the next
 * journal write, or a timer every {@link MARK_FLUSH_MS} while answers or marks wait, sees it
 * finished or closed.
 */
export class DeliveryList {
  private readonly undelivered = new IdTable<true>();
  /** Delivered charges not yet noted in the journal. */
  private marks: string[] = [];
  /** Answers being written (`sent`): their charge ids and responses, side by side. */
  private sentIds: string[] = [];
  private sentTo: SentAnswer[] = [];
  private timer?: NodeJS.Timeout;

  /** `write` makes a journal write, which takes the marks ({@link takeMarks}). */
  constructor(private readonly write: () => void) {}

  /** A settlement closed: its charge is undelivered until its answer went out. */
  settled(chargeId: string): void {
    this.undelivered.set(chargeId, true);
  }

  /** Its journal write failed: the charge was not kept, so there is nothing to deliver. */
  forget(chargeId: string): void {
    this.undelivered.delete(chargeId);
  }

  /** The answer of `chargeId` went out: it leaves the list (journaled soon after). */
  private delivered(chargeId: string): void {
    if (!this.undelivered.delete(chargeId)) return;
    this.marks.push(chargeId);
    this.wake();
  }

  /** The answer of `chargeId` is being written to `response`: delivered once it finished or closed. */
  sent(chargeId: string, response: SentAnswer): void {
    this.sentIds.push(chargeId);
    this.sentTo.push(response);
    this.wake();
  }

  /** Whether delivery marks wait for a journal write. */
  get marking(): boolean {
    return this.marks.length > 0;
  }

  /** The delivery marks for the journal write being made (the answers seen sent included). */
  takeMarks(): string[] {
    if (this.sentIds.length) this.collectSent();
    const marks = this.marks;
    if (marks.length) this.marks = [];
    return marks;
  }

  /** The charges whose answers have not gone out yet. */
  keys(): IterableIterator<string> {
    return this.undelivered.keys();
  }

  /** Every answer of {@link sent} that has finished or closed is delivered; the others wait. */
  private collectSent(): void {
    const { sentIds: ids, sentTo: responses } = this;
    let kept = 0;
    for (let i = 0; i < ids.length; i++) {
      const response = responses[i];
      if (response.writableFinished || response.destroyed) this.delivered(ids[i]);
      else {
        ids[kept] = ids[i];
        responses[kept++] = response;
      }
    }
    // Past the kept ones: nothing is held on to.
    ids.length = kept;
    responses.length = kept;
  }

  /** One timer while answers or marks wait: a journal write then carries them. */
  private wake(): void {
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      this.write();
      if (this.sentIds.length || this.marks.length) this.wake();
    }, MARK_FLUSH_MS).unref();
  }
}
