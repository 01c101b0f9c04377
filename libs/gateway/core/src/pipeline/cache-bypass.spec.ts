import { bypassesCache } from './cache-bypass.js';

const cached = { cacheTtlMs: 60_000 };

describe('bypassesCache', () => {
  it('should bypass for no-cache and max-age=0, in any case and among other directives', () => {
    for (const header of [
      'no-cache',
      'No-Cache',
      'max-age=0',
      'max-age = "0"',
      'no-transform, no-cache',
    ])
      expect(bypassesCache(cached, header)).toBe(true);
    expect(bypassesCache(cached, ['public', 'max-age=0'])).toBe(true);
  });

  it('should keep the cache otherwise, and where the endpoint caches nothing', () => {
    for (const header of [
      undefined,
      '',
      'max-age=60',
      'no-store',
      'max-age=00x',
      'no-cache-please',
    ])
      expect(bypassesCache(cached, header)).toBe(false);
    expect(bypassesCache({ cacheTtlMs: null }, 'no-cache')).toBe(false);
  });
});
