import { StatementBatcher } from './statement-batcher.js';

describe(StatementBatcher.name, () => {
  it('should run a lone call at once and group calls that arrive while one runs', async () => {
    const batches: number[][] = [];
    const sut = new StatementBatcher(async (inputs: readonly number[]) => {
      batches.push([...inputs]);
      await new Promise((r) => setTimeout(r, 20));
      return inputs.map((n) => n * 2);
    });
    expect(await sut.submit(1)).toBe(2);
    const results = await Promise.all([2, 3, 4, 5].map((n) => sut.submit(n)));
    expect(results).toEqual([4, 6, 8, 10]);
    // The first runs alone; the rest wait for it and share the following statement(s).
    expect(batches[0]).toEqual([1]);
    expect(batches.flat()).toEqual([1, 2, 3, 4, 5]);
    expect(batches.length).toBeLessThanOrEqual(3);
  });

  it('should cap a batch and fail only the calls of a failing statement', async () => {
    let calls = 0;
    const sut = new StatementBatcher(async (inputs: readonly number[]) => {
      calls += 1;
      await new Promise((r) => setTimeout(r, 5));
      if (inputs.includes(13)) throw new Error('unlucky');
      return inputs;
    }, 2);
    const settled = await Promise.allSettled([1, 2, 13, 4, 5].map((n) => sut.submit(n)));
    expect(settled.map((s) => s.status)).toEqual([
      'fulfilled',
      'rejected',
      'rejected',
      'fulfilled',
      'fulfilled',
    ]);
    expect(calls).toBe(3); // [1] alone, then [2, 13] and [4, 5]: at most 2 a statement
  });
});
