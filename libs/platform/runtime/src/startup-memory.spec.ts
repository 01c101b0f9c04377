import { getHeapSpaceStatistics } from 'node:v8';
import { releaseStartupMemory } from './startup-memory.js';

const newSpaceMb = () =>
  (getHeapSpaceStatistics().find((s) => s.space_name === 'new_space')?.space_size ?? NaN) / 1048576;

describe('releaseStartupMemory', () => {
  it('should shrink the young generation that start-up grew', async () => {
    // Survivors grow the young generation, as loading modules does.
    let keep: object[] = [];
    for (let round = 0; round < 20; round++)
      for (let i = 0; i < 50_000; i++) keep.push({ round, i, text: `item ${i}` });
    const grown = newSpaceMb();
    expect(grown).toBeGreaterThan(2);
    keep = [];
    expect(keep).toHaveLength(0);
    expect(await releaseStartupMemory()).toBe(true);
    expect(newSpaceMb()).toBeLessThan(grown);
    expect(newSpaceMb()).toBeLessThanOrEqual(2);
  });
});
