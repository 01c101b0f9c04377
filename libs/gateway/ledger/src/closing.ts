import type { Reservation } from './credit-backend.js';

/** An open reservation in the embedded profile; `day` is the UTC day its key's spend counts it on. */
export interface Hold extends Reservation {
  readonly at: Date;
  readonly day: string;
}

/** A reservation settled or released here, waiting for the group commit that writes it. */
export interface Closing {
  readonly hold: Hold;
  readonly kind: 'settle' | 'release';
  readonly charged: number;
  readonly at: Date;
  /**
   * A settlement whose answer is kept already (a batch item's, in its row, before its charge
   * closes): it never goes on the delivery list, so no restart refunds it.
   */
  readonly answerKept?: true;
}

/** Whether a closing's answer has yet to reach its caller: a settlement whose answer is not kept. */
export function awaitsDelivery(closing: Closing): boolean {
  return closing.kind === 'settle' && !closing.answerKept;
}

/** The closing of a charge that was not open: nothing to write. */
const NOTHING_TO_WRITE = Promise.resolve();

/**
 * A charge closed in memory, as its caller waits for it: resolves with the balance after it (null
 * when nothing was open) once its journal write returned, rejects if that write failed (nothing
 * of it was kept). A thenable on the one write the closings of a turn share (JournalAppends), not
 * a promise of its own: every promise of a paid call costs it the request context's hooks, and
 * the caller's `then` makes the only one.
 */
export class JournaledClosing implements PromiseLike<number | null> {
  constructor(
    private readonly balance: number | null,
    private readonly written: Promise<void> = NOTHING_TO_WRITE,
  ) {}

  then<A = number | null, B = never>(
    ok?: ((balance: number | null) => A | PromiseLike<A>) | null,
    failed?: ((reason: unknown) => B | PromiseLike<B>) | null,
  ): Promise<A | B> {
    const { balance } = this;
    return this.written.then(ok ? () => ok(balance) : () => balance as A, failed);
  }
}
