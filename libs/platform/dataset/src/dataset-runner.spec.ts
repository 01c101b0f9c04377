import { importAgeSeconds } from './dataset-runner.js';

describe(importAgeSeconds.name, () => {
  const now = Date.parse('2026-11-01T12:00:00Z');

  it('should count from the install of the version in use', () => {
    expect(importAgeSeconds({ loadedAt: '2026-11-01T11:00:00Z', lastRefresh: null }, now)).toBe(
      3600,
    );
  });

  it('should count from a later refresh that found the data current', () => {
    const stats = {
      loadedAt: '2026-11-01T00:00:00Z',
      lastRefresh: { at: '2026-11-01T11:59:00Z', ok: false, lastOkAt: '2026-11-01T11:50:00Z' },
    };
    expect(importAgeSeconds(stats, now)).toBe(600);
  });

  it('should ignore failed refreshes and say nothing before a load', () => {
    const stats = {
      loadedAt: '2026-11-01T11:00:00Z',
      lastRefresh: { at: '2026-11-01T11:59:00Z', ok: false },
    };
    expect(importAgeSeconds(stats, now)).toBe(3600);
    expect(importAgeSeconds({ loadedAt: null, lastRefresh: null }, now)).toBeNull();
  });
});
