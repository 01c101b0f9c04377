import { jest } from '@jest/globals';
import { createMemoryStore } from './cache.module.js';
import { pino } from 'pino';
import { DomainCache } from './domain-cache.js';

const silent = pino({ level: 'silent' });

function setup() {
  const store = createMemoryStore('test', 100);
  return { store, sut: new DomainCache('test', store, silent) };
}

describe(DomainCache.name, () => {
  it('should load on a miss and answer the next call from the cache', async () => {
    const { sut } = setup();
    const load = jest.fn(async () => ({ n: 1 }));
    const first = await sut.getOrLoad('k', load, { ttlMs: 60_000 });
    const second = await sut.getOrLoad('k', load, { ttlMs: 60_000 });
    expect(first).toMatchObject({ value: { n: 1 }, state: 'miss' });
    expect(second).toMatchObject({ value: { n: 1 }, state: 'hit', fetchedAt: first.fetchedAt });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('should freeze what it caches, so no caller can change a shared answer', async () => {
    const { sut } = setup();
    const miss = await sut.getOrLoad('k', async () => ({ list: [{ a: 1 }] }), { ttlMs: 60_000 });
    const hit = await sut.getOrLoad('k', async () => ({ list: [] }), { ttlMs: 60_000 });
    for (const result of [miss, hit]) {
      expect(() => {
        (result.value.list[0] as { a: number }).a = 2;
      }).toThrow(TypeError);
    }
  });

  it('should share one load between concurrent misses of one key', async () => {
    const { sut } = setup();
    let calls = 0;
    const load = () => new Promise<number>((resolve) => setTimeout(() => resolve(++calls), 20));
    const results = await Promise.all(
      Array.from({ length: 20 }, () => sut.getOrLoad('k', load, { ttlMs: 1_000 })),
    );
    expect(calls).toBe(1);
    expect(new Set(results.map((r) => r.value))).toEqual(new Set([1]));
  });

  it('should reload after the TTL', async () => {
    const { sut } = setup();
    let n = 0;
    await sut.getOrLoad('k', async () => ++n, { ttlMs: 5 });
    await new Promise((r) => setTimeout(r, 15));
    expect(await sut.getOrLoad('k', async () => ++n, { ttlMs: 5 })).toMatchObject({
      value: 2,
      state: 'miss',
    });
  });

  it('should serve a stale copy when the source fails with an error that allows it', async () => {
    const { sut } = setup();
    await sut.getOrLoad('k', async () => 'old', { ttlMs: 5, staleMs: 60_000 });
    await new Promise((r) => setTimeout(r, 15));
    const failing = async () => Promise.reject(new Error('upstream down'));
    await expect(
      sut.getOrLoad('k', failing, { ttlMs: 5, staleMs: 60_000, serveStaleOn: () => true }),
    ).resolves.toMatchObject({
      value: 'old',
      state: 'stale',
    });
    await expect(sut.getOrLoad('k', failing, { ttlMs: 5, staleMs: 60_000 })).rejects.toThrow(
      'upstream down',
    );
  });

  it('should load when the cache store itself fails', async () => {
    const broken = {
      get: async () => Promise.reject(new Error('redis down')),
      set: async () => Promise.reject(new Error('redis down')),
    };
    const sut = new DomainCache('test', broken as never, silent);
    await expect(sut.getOrLoad('k', async () => 7, { ttlMs: 1_000 })).resolves.toMatchObject({
      value: 7,
      state: 'miss',
    });
  });
});
