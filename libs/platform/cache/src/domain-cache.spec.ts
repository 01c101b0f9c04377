import { jest } from '@jest/globals';
import type { CachePolicy } from '@nl/contracts-core';
import { LIVE, LIVE_BYPASS, SANDBOX } from '@nl/platform-context';
import { DomainError } from '@nl/platform-errors';
import { UpstreamError } from '@nl/platform-upstream';
import { pino } from 'pino';
import { cacheKey } from './cache-key.js';
import { createMemoryStore } from './cache.module.js';
import { DomainCache } from './domain-cache.js';

const silent = pino({ level: 'silent' });

function setup() {
  const store = createMemoryStore('test', 100);
  return { store, sut: new DomainCache('test', store, silent) };
}

const key = (policy: CachePolicy, scope = LIVE) => cacheKey(scope, policy, 'k');
const MINUTE_TTL = key({ cacheTtlMs: 60_000 });
const upstreamDown = () => Promise.reject(new UpstreamError('src', 'unavailable', 'upstream down'));
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe(DomainCache.name, () => {
  it('should load on a miss and answer the next call from the cache', async () => {
    const { sut } = setup();
    const load = jest.fn(async () => ({ n: 1 }));
    const first = await sut.through(MINUTE_TTL, load);
    const second = await sut.through(MINUTE_TTL, load);
    expect(first).toMatchObject({ value: { n: 1 }, state: 'miss' });
    expect(second).toMatchObject({ value: { n: 1 }, state: 'hit', fetchedAt: first.fetchedAt });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('should freeze what it caches, so no caller can change a shared answer', async () => {
    const { sut } = setup();
    const miss = await sut.through(MINUTE_TTL, async () => ({ list: [{ a: 1 }] }));
    const hit = await sut.through(MINUTE_TTL, async () => ({ list: [] as { a: number }[] }));
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
      Array.from({ length: 20 }, () => sut.through(key({ cacheTtlMs: 1_000 }), load)),
    );
    expect(calls).toBe(1);
    expect(new Set(results.map((r) => r.value))).toEqual(new Set([1]));
  });

  it('should reload after the TTL', async () => {
    const { sut } = setup();
    let n = 0;
    await sut.through(key({ cacheTtlMs: 5 }), async () => ++n);
    await pause(15);
    expect(await sut.through(key({ cacheTtlMs: 5 }), async () => ++n)).toMatchObject({
      value: 2,
      state: 'miss',
    });
  });

  it('should keep a partial answer for its partial TTL only', async () => {
    const { sut } = setup();
    const policy = { cacheTtlMs: 60_000, partialCacheTtlMs: 5 };
    let n = 0;
    const load = async () => ({ complete: ++n > 1 });
    await sut.through(key(policy), load);
    await pause(15);
    expect(await sut.through(key(policy), load)).toMatchObject({ value: { complete: true } });
    await pause(15);
    expect(await sut.through(key(policy), load)).toMatchObject({ state: 'hit' });
  });

  it('should never cache under a policy without a TTL', async () => {
    const { sut } = setup();
    let n = 0;
    await sut.through(key({ cacheTtlMs: null }), async () => ++n);
    expect(await sut.through(key({ cacheTtlMs: null }), async () => ++n)).toMatchObject({
      value: 2,
      state: 'miss',
    });
  });

  it('should keep sandbox answers apart from live ones', async () => {
    const { sut } = setup();
    await sut.through(key({ cacheTtlMs: 60_000 }, SANDBOX), async () => 'recorded');
    expect(await sut.through(MINUTE_TTL, async () => 'live')).toMatchObject({
      value: 'live',
      state: 'miss',
    });
    expect(await sut.through(key({ cacheTtlMs: 60_000 }, SANDBOX), async () => 'x')).toMatchObject({
      value: 'recorded',
      state: 'hit',
    });
  });

  it('should load past a fresh copy for a caller that bypasses the cache, and keep the new answer', async () => {
    const { sut } = setup();
    let n = 0;
    const load = async () => ({ n: ++n });
    await sut.through(MINUTE_TTL, load);
    const bypassed = await sut.through(key({ cacheTtlMs: 60_000 }, LIVE_BYPASS), load);
    expect(bypassed).toMatchObject({ value: { n: 2 }, state: 'miss' });
    // The same entry as a live call's: the fresh answer replaced the cached one.
    expect(await sut.through(MINUTE_TTL, load)).toMatchObject({ value: { n: 2 }, state: 'hit' });
  });

  it('should still let a stale copy stand in for a bypassing caller when the source fails', async () => {
    const { sut } = setup();
    const policy = { cacheTtlMs: 60_000, staleIfErrorMs: 60_000 };
    await sut.through(key(policy), async () => ({ n: 1 }));
    const answer = await sut.through(key(policy, LIVE_BYPASS), upstreamDown);
    expect(answer).toMatchObject({ value: { n: 1 }, state: 'stale' });
  });

  it('should serve a stale copy within its stale-if-error window when the source fails', async () => {
    const { sut } = setup();
    const policy = { cacheTtlMs: 5, staleIfErrorMs: 60_000 };
    await sut.through(key(policy), async () => 'old');
    await pause(15);
    const stale = await sut.through(key(policy), upstreamDown);
    expect(stale).toMatchObject({ value: 'old', state: 'stale' });
    expect(stale.failure).toBeInstanceOf(UpstreamError);
    // Without a window, the failure is the caller's coded error.
    await expect(sut.through(key({ cacheTtlMs: 5 }), upstreamDown)).rejects.toMatchObject({
      code: 'upstream_unavailable',
      message: 'upstream down',
    });
  });

  it('should not let a stale copy stand in for a failure of our own', async () => {
    const { sut } = setup();
    const policy = { cacheTtlMs: 5, staleIfErrorMs: 60_000 };
    await sut.through(key(policy), async () => 'old');
    await pause(15);
    await expect(
      sut.through(key(policy), async () => Promise.reject(new Error('bug'))),
    ).rejects.toThrow('bug');
    const notFound = DomainError.notFound({ found: false });
    await expect(sut.through(key(policy), async () => Promise.reject(notFound))).rejects.toBe(
      notFound,
    );
  });

  it('should answer from the last resort when no copy may stand in, else throw the coded error', async () => {
    const { sut } = setup();
    const resort = { value: 'stored', state: 'stale', fetchedAt: 'then' } as const;
    await expect(sut.through(MINUTE_TTL, upstreamDown, async () => resort)).resolves.toBe(resort);
    await expect(
      sut.through(MINUTE_TTL, upstreamDown, async () => undefined),
    ).rejects.toBeInstanceOf(DomainError);
  });

  it('should load when the cache store itself fails', async () => {
    const broken = {
      get: async () => Promise.reject(new Error('redis down')),
      set: async () => Promise.reject(new Error('redis down')),
    };
    const sut = new DomainCache('test', broken as never, silent);
    await expect(sut.through(key({ cacheTtlMs: 1_000 }), async () => 7)).resolves.toMatchObject({
      value: 7,
      state: 'miss',
    });
  });
});
