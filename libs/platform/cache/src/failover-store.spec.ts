import { createMemoryStore } from './cache.module.js';
import { FailoverStore, type CacheStore } from './failover-store.js';

const never: CacheStore = {
  get: () => new Promise(() => undefined),
  set: () => new Promise(() => undefined),
};

describe(FailoverStore.name, () => {
  it('should use the primary store while it is ready', async () => {
    const primary = createMemoryStore('p');
    const sut = new FailoverStore(primary, createMemoryStore('f'), () => true);
    await sut.set('k', 1, 60_000);
    expect(await primary.get('k')).toBe(1);
    expect(await sut.get('k')).toBe(1);
  });

  it('should not touch a primary that is not ready, answering from memory at once', async () => {
    const fallback = createMemoryStore('f');
    const sut = new FailoverStore(never, fallback, () => false);
    const started = performance.now();
    await sut.set('k', 2, 60_000);
    expect(await sut.get('k')).toBe(2);
    expect(performance.now() - started).toBeLessThan(50);
  });

  it('should give up on a primary that hangs and answer from memory', async () => {
    const sut = new FailoverStore(never, createMemoryStore('f'), () => true);
    await expect(sut.get('k')).resolves.toBeUndefined();
  });

  it('should answer from memory when the primary fails', async () => {
    const failing: CacheStore = {
      get: async () => Promise.reject(new Error('socket closed')),
      set: async () => Promise.reject(new Error('socket closed')),
    };
    const sut = new FailoverStore(failing, createMemoryStore('f'), () => true);
    await sut.set('k', 3, 60_000);
    expect(await sut.get('k')).toBe(3);
  });
});
