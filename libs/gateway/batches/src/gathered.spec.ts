import { jest } from '@jest/globals';
import { Gathered } from './gathered.js';

describe(Gathered.name, () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('should answer the askers of one key within the window with one call, in order', async () => {
    const calls: [string, number[]][] = [];
    const gathered = new Gathered<number, string>(
      async (key, inputs) => {
        calls.push([key, inputs]);
        return inputs.map((n) => `${key}:${n}`);
      },
      15,
      50,
    );
    const answers = [gathered.ask('a', 1), gathered.ask('b', 7), gathered.ask('a', 2)];
    expect(calls).toEqual([]);
    await jest.advanceTimersByTimeAsync(15);
    expect(calls).toEqual([
      ['a', [1, 2]],
      ['b', [7]],
    ]);
    expect(await Promise.all(answers)).toEqual(['a:1', 'b:7', 'a:2']);
  });

  it('should not wait for the window once a group is full', async () => {
    const sizes: number[] = [];
    const gathered = new Gathered<number, number>(
      async (_key, inputs) => {
        sizes.push(inputs.length);
        return inputs;
      },
      15,
      2,
    );
    const full = [gathered.ask('a', 1), gathered.ask('a', 2)];
    expect(sizes).toEqual([2]);
    expect(await Promise.all(full)).toEqual([1, 2]);
    const next = gathered.ask('a', 3);
    await jest.advanceTimersByTimeAsync(15);
    expect(await next).toBe(3);
    expect(sizes).toEqual([2, 1]);
  });

  it('should fail every asker of a group whose call failed', async () => {
    const gathered = new Gathered<number, number>(
      () => Promise.reject(new Error('database away')),
      15,
      50,
    );
    const answers = [gathered.ask('a', 1), gathered.ask('a', 2)].map((p) =>
      p.then(
        () => 'answered',
        (error: Error) => error.message,
      ),
    );
    await jest.advanceTimersByTimeAsync(15);
    expect(await Promise.all(answers)).toEqual(['database away', 'database away']);
  });
});
