/**
 * How a send that failed on its nonce clashed: `taken` when the nonce was already used (by this
 * signer in another process, or a transaction the node holds), `ahead` when it skipped one.
 */
type Clash = 'taken' | 'ahead';

const TAKEN = /nonce too low|lower than the current nonce|replacement transaction underpriced/i;
const AHEAD = /nonce too high|higher than the next one expected/i;

/** Reads a nonce clash from an error or any of its causes (viem wraps the node's answer). */
export function nonceClash(error: unknown): Clash | undefined {
  for (let at = error, depth = 0; at instanceof Error && depth < 8; depth++) {
    const text = `${at.name} ${at.message}`;
    if (/NonceTooLowError/.test(at.name) || TAKEN.test(text)) return 'taken';
    if (/NonceTooHighError/.test(at.name) || AHEAD.test(text)) return 'ahead';
    at = at.cause;
  }
  return undefined;
}

/**
 * Gives one signer's transactions their nonces in order. Every settlement of the in-process
 * facilitator is a transaction from the same account, and a node accepts each nonce once: sends
 * that read the account's nonce at the same moment all take the same one and all but one are
 * refused. Here one send at a time takes the next nonce (the higher of the chain's pending count
 * and the one after our last send, since a load-balanced RPC may not have seen that yet), and
 * only the send waits its turn: the receipts are awaited side by side. A send refused for its
 * nonce (this key used by another process, or a transaction we lost track of) is tried again
 * with the chain's count read anew, up to `attempts` times.
 */
export class NonceQueue {
  private turn: Promise<unknown> = Promise.resolve();
  /** The nonce after our last accepted send; unknown until one is sent or after a skip. */
  private next: number | undefined;

  constructor(
    private readonly pendingCount: () => Promise<number>,
    private readonly attempts = 5,
  ) {}

  /** Runs `send` with the next nonce once every send queued before it has been answered. */
  send<T>(send: (nonce: number) => Promise<T>): Promise<T> {
    const sent = this.turn.then(() => this.sendNow(send));
    this.turn = sent.catch(() => undefined);
    return sent;
  }

  private async sendNow<T>(send: (nonce: number) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      const nonce = Math.max(await this.pendingCount(), this.next ?? 0);
      try {
        const result = await send(nonce);
        this.next = nonce + 1;
        return result;
      } catch (error) {
        const clash = nonceClash(error);
        // Any other failure (a revert found by the gas estimate, an RPC error) leaves `next`
        // alone: if the transaction did reach the node, its pending count says so next time.
        if (clash === 'taken') this.next = nonce + 1;
        if (clash === 'ahead') this.next = undefined;
        if (!clash || attempt >= this.attempts) throw error;
      }
    }
  }
}
