import { integerText } from './integer-text.js';

describe('integerText', () => {
  it('should write integers as String does', () => {
    for (const n of [0, 7, -7, 59, 1_000_000, -2_147_483_649, Number.MAX_SAFE_INTEGER])
      expect(integerText(n)).toBe(String(n));
  });
});
