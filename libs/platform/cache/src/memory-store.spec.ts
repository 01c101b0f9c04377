import { jest } from '@jest/globals';
import { MemoryStore } from './memory-store.js';

describe(MemoryStore.name, () => {
  afterEach(() => jest.useRealTimers());

  describe('get', () => {
    it('should answer the stored object itself, not a copy', async () => {
      const sut = new MemoryStore('test', 10);
      const value = { a: [1] };
      await sut.set('k', value, 1_000);
      await expect(sut.get('k')).resolves.toBe(value);
      await expect(sut.get('other')).resolves.toBeUndefined();
    });

    it('should forget an entry once its TTL has passed', async () => {
      jest.useFakeTimers({ now: 0 });
      const sut = new MemoryStore('test', 10);
      await sut.set('k', 'v', 1_000);
      jest.setSystemTime(999);
      await expect(sut.get('k')).resolves.toBe('v');
      jest.setSystemTime(1_000);
      await expect(sut.get('k')).resolves.toBeUndefined();
    });

    it('should keep an entry without a TTL', async () => {
      jest.useFakeTimers({ now: 0 });
      const sut = new MemoryStore('test', 10);
      await sut.set('k', 'v');
      jest.setSystemTime(10 ** 12);
      await expect(sut.get('k')).resolves.toBe('v');
    });
  });

  describe('set', () => {
    it('should forget the least recently written entry past its size', async () => {
      const sut = new MemoryStore('test', 2);
      await sut.set('a', 1, 1_000);
      await sut.set('b', 2, 1_000);
      await sut.set('a', 3, 1_000);
      await sut.set('c', 4, 1_000);
      await expect(sut.get('b')).resolves.toBeUndefined();
      await expect(sut.get('a')).resolves.toBe(3);
      await expect(sut.get('c')).resolves.toBe(4);
    });
  });
});
