import { integerText, LastText } from './integer-text.js';

describe('integerText', () => {
  it('should write integers as String does', () => {
    for (const n of [0, 7, -7, 59, 1_000_000, -2_147_483_649, Number.MAX_SAFE_INTEGER])
      expect(integerText(n)).toBe(String(n));
  });
});

describe('LastText', () => {
  it('should give each number its own digits, and the same string again for a repeat', () => {
    const text = new LastText(integerText);
    const first = text.of(1_764_201_600_123);
    expect(first).toBe('1764201600123');
    expect(text.of(1_764_201_600_123)).toBe(first);
    expect(text.of(59)).toBe('59');
    expect(text.of(0)).toBe('0');
  });
});
