import { MemoryWindows } from './memory-windows.js';

describe('MemoryWindows (standalone rate limits)', () => {
  const MINUTE = 60_000;

  it('should count calls in a window that starts at the first call and lasts a minute', () => {
    const windows = new MemoryWindows(MINUTE);
    expect(windows.count('k:a', 2, 1_000)).toEqual({ used: 1, msLeft: MINUTE });
    expect(windows.count('k:a', 2, 21_000)).toEqual({ used: 2, msLeft: 40_000 });
    // Past the limit the calls are counted too (the caller refuses them).
    expect(windows.count('k:a', 2, 30_000)).toEqual({ used: 3, msLeft: 31_000 });
    // The window ends a minute after its first call, not after the last one.
    expect(windows.count('k:a', 2, 61_000)).toEqual({ used: 1, msLeft: MINUTE });
  });

  it('should keep subjects and limit values apart', () => {
    const windows = new MemoryWindows(MINUTE);
    windows.count('k:a', 5, 0);
    windows.count('k:a', 5, 0);
    expect(windows.count('k:b', 5, 0).used).toBe(1);
    // Another limit value for the same subject counts on its own, as the library's limiters did.
    expect(windows.count('k:a', 10, 0).used).toBe(1);
    expect(windows.count('k:a', 5, 0).used).toBe(3);
  });

  it('should take back a counted call, never below zero nor in an ended window', () => {
    const windows = new MemoryWindows(MINUTE);
    windows.count('k:a', 5, 0);
    windows.uncount('k:a', 5, 10);
    windows.uncount('k:a', 5, 20);
    expect(windows.count('k:a', 5, 30).used).toBe(1);
    windows.uncount('k:a', 5, MINUTE + 1);
    expect(windows.count('k:a', 5, MINUTE + 2).used).toBe(1);
    windows.uncount('k:unknown', 5, 0);
  });

  it('should forget ended windows as new ones start, so memory stays bounded', () => {
    const windows = new MemoryWindows(MINUTE);
    for (let i = 0; i < 4_000; i++) windows.count(`old:${i}`, 5, 0);
    expect(windows.size).toBe(4_000);
    // A minute later new windows start; the sweep at the 4,096th window drops the ended ones.
    for (let i = 0; i < 200; i++) windows.count(`new:${i}`, 5, MINUTE + 1);
    expect(windows.size).toBe(200);
  });
});
