import {
  generateApiKey,
  hashApiKey,
  keyModeOf,
  looksLikeApiKey,
  visiblePrefix,
} from './api-key.js';

describe('API keys', () => {
  it('should carry at least 128 random bits behind a fixed prefix', () => {
    const key = generateApiKey();
    expect(key).toMatch(/^nlk_live_[0-9A-Za-z]{32}$/);
    // 32 characters of a 62-letter alphabet: 32 × log2(62) ≈ 190 bits.
    expect(32 * Math.log2(62)).toBeGreaterThan(128);
  });

  it('should never repeat and use the whole alphabet evenly', () => {
    const keys = Array.from({ length: 2_000 }, generateApiKey);
    expect(new Set(keys).size).toBe(keys.length);
    const counts = new Map<string, number>();
    for (const key of keys) for (const c of key.slice(9)) counts.set(c, (counts.get(c) ?? 0) + 1);
    expect(counts.size).toBe(62);
    // 64,000 characters over 62 letters: about 1,032 each; a biased generator strays far.
    for (const n of counts.values()) expect(Math.abs(n - 64_000 / 62)).toBeLessThan(200);
  });

  it('should hash to a stable SHA-256 hex digest that does not contain the key', () => {
    const key = generateApiKey();
    expect(hashApiKey(key)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashApiKey(key)).toBe(hashApiKey(key));
    expect(hashApiKey(key)).not.toBe(hashApiKey(generateApiKey()));
  });

  it('should show only the prefix and six characters of the secret', () => {
    const key = generateApiKey();
    expect(visiblePrefix(key)).toBe(`${key.slice(0, 15)}…`);
    expect(visiblePrefix(key).length).toBeLessThan(key.length / 2);
  });

  it.each([
    ['', false],
    ['nlk_live_', false],
    ['nlk_live_abc', false],
    ['nlk_test_' + 'a'.repeat(32), true],
    ['nlk_demo_' + 'a'.repeat(32), false],
    ['nlk_test_' + 'a'.repeat(31), false],
    ['nlk_live_' + 'a'.repeat(31) + '!', false],
    ['nlk_live_' + 'a'.repeat(33), false],
    ['nlk_live_' + 'aB3'.repeat(10) + 'xy', true],
  ])('should tell whether %j looks like a key', (value, expected) => {
    expect(looksLikeApiKey(value)).toBe(expected);
  });

  it('should make test keys on request, told apart from live keys by their prefix', () => {
    const test = generateApiKey('test');
    expect(test).toMatch(/^nlk_test_[0-9A-Za-z]{32}$/);
    expect(keyModeOf(test)).toBe('test');
    expect(keyModeOf(visiblePrefix(test))).toBe('test');
    expect(keyModeOf(generateApiKey())).toBe('live');
    expect(keyModeOf('nlk_demo_x')).toBeNull();
  });
});
