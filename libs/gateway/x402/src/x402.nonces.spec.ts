import { BaseError, NonceTooHighError, NonceTooLowError } from 'viem';
import { NonceQueue, nonceClash } from './x402.nonces.js';

/**
 * One account on a node: each nonce is accepted once and in order, as a node with automining
 * (or a mempool refusing a used nonce) does. `otherProcess` spends nonces behind our back.
 */
class FakeAccount {
  count = 0;
  readonly sent: number[] = [];

  readonly pending = async () => {
    await Promise.resolve();
    return this.count;
  };

  readonly send = async (nonce: number) => {
    // The node answers after a turn of the event loop, as over HTTP.
    await new Promise((resolve) => setImmediate(resolve));
    if (nonce < this.count)
      throw new BaseError('The transaction was not sent.', {
        cause: new NonceTooLowError({ nonce }),
      });
    if (nonce > this.count) throw new NonceTooHighError({ nonce });
    this.count++;
    this.sent.push(nonce);
    return `tx${nonce}`;
  };

  otherProcess(times = 1): void {
    this.count += times;
  }
}

describe(NonceQueue.name, () => {
  let mocks: { account: FakeAccount };
  let sut: NonceQueue;

  beforeEach(() => {
    mocks = { account: new FakeAccount() };
    sut = new NonceQueue(mocks.account.pending);
  });

  describe('send', () => {
    it('should give twenty sends made at the same moment the nonces 0 to 19, each accepted', async () => {
      const hashes = await Promise.all(
        Array.from({ length: 20 }, () => sut.send(mocks.account.send)),
      );
      expect(hashes).toEqual(Array.from({ length: 20 }, (_, nonce) => `tx${nonce}`));
      expect(mocks.account.sent).toEqual(Array.from({ length: 20 }, (_, nonce) => nonce));
    });

    it('should try again with the chain’s count when another process took the nonce', async () => {
      const send = (nonce: number) => {
        // The other process sends first, once: this nonce is gone when ours arrives.
        if (mocks.account.sent.length === 0 && mocks.account.count === 0)
          mocks.account.otherProcess(2);
        return mocks.account.send(nonce);
      };
      await expect(sut.send(send)).resolves.toBe('tx2');
      await expect(sut.send(mocks.account.send)).resolves.toBe('tx3');
    });

    it('should use the nonce after its own last send when the chain’s count lags behind', async () => {
      const lagging = new NonceQueue(async () => 0);
      await lagging.send(mocks.account.send);
      await expect(lagging.send(mocks.account.send)).resolves.toBe('tx1');
    });

    it('should move past a nonce the node refused as used, even when the chain’s count lags', async () => {
      const lagging = new NonceQueue(async () => 0);
      mocks.account.otherProcess();
      await expect(lagging.send(mocks.account.send)).resolves.toBe('tx1');
    });

    it('should give up after its attempts when the nonce is taken every time', async () => {
      let tries = 0;
      const send = (nonce: number) => {
        tries++;
        mocks.account.otherProcess();
        return mocks.account.send(nonce);
      };
      await expect(new NonceQueue(mocks.account.pending, 3).send(send)).rejects.toThrow(/not sent/);
      expect(tries).toBe(3);
    });

    it('should not try again a send that failed for another reason, nor hold the next one back', async () => {
      let tries = 0;
      const reverts = async () => {
        tries++;
        throw new Error('execution reverted: ERC20: transfer amount exceeds balance');
      };
      const failed = sut.send(reverts);
      const next = sut.send(mocks.account.send);
      await expect(failed).rejects.toThrow(/reverted/);
      await expect(next).resolves.toBe('tx0');
      expect(tries).toBe(1);
    });

    it('should forget its own count when the node says the nonce is ahead', async () => {
      await sut.send(mocks.account.send);
      mocks.account.count = 0; // a transaction of ours was dropped from the node's pool
      await expect(sut.send(mocks.account.send)).resolves.toBe('tx0');
    });
  });
});

describe(nonceClash.name, () => {
  it.each([
    [new BaseError('sent', { cause: new NonceTooLowError({ nonce: 6 }) }), 'taken'],
    [new Error('Nonce too low. Expected nonce to be 7 but got 6.'), 'taken'],
    [new Error('replacement transaction underpriced'), 'taken'],
    [new NonceTooHighError({ nonce: 9 }), 'ahead'],
    [new Error('execution reverted'), undefined],
    ['nonce too low', undefined],
  ])('should read %p as %p', (error, clash) => {
    expect(nonceClash(error)).toBe(clash);
  });
});
