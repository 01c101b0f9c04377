import { endOfTurn } from './end-of-turn.js';

describe(endOfTurn.name, () => {
  it('should give everyone asking in one turn the same promise, resolved after the turn’s I/O', async () => {
    const order: string[] = [];
    const first = endOfTurn();
    const second = endOfTurn();
    expect(second).toBe(first);
    void first.then(() => order.push('turn ended'));
    // Work queued for this turn (microtasks, a nextTick) runs first.
    queueMicrotask(() => order.push('microtask'));
    process.nextTick(() => order.push('nextTick'));
    await first;
    expect(order).toHaveLength(3);
    expect(order[2]).toBe('turn ended');
  });

  it('should start a new batch in the next turn', async () => {
    const first = endOfTurn();
    await first;
    const next = endOfTurn();
    expect(next).not.toBe(first);
    await expect(next).resolves.toBeUndefined();
  });
});
