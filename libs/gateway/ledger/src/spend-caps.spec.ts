import { capReachedOf, capResetsAt } from './spend-caps.js';

describe('spend caps', () => {
  describe(capResetsAt.name, () => {
    it.each([
      ['daily', '2025-03-14', '2025-03-15T00:00:00.000Z'],
      ['daily', '2024-02-28', '2024-02-29T00:00:00.000Z'],
      ['daily', '2025-12-31', '2026-01-01T00:00:00.000Z'],
      ['monthly', '2025-03-14', '2025-04-01T00:00:00.000Z'],
      ['monthly', '2025-03-01', '2025-04-01T00:00:00.000Z'],
      ['monthly', '2025-12-31', '2026-01-01T00:00:00.000Z'],
    ] as const)('should reset a %s cap counted on %s at %s (UTC)', (period, day, resetsAt) => {
      expect(capResetsAt(period, day)).toBe(resetsAt);
    });
  });

  describe(capReachedOf.name, () => {
    it('should read a refusal from the cap columns of a statement', () => {
      expect(
        capReachedOf({ period: 'monthly', cap: '1500', spent: '1490', day: '2025-06-30' }),
      ).toEqual({
        period: 'monthly',
        cap: 1500,
        spent: 1490,
        resetsAt: '2025-07-01T00:00:00.000Z',
      });
    });

    it('should find no refusal where no cap was in the way', () => {
      expect(capReachedOf({ period: null, cap: null, spent: null, day: '2025-06-30' })).toBeNull();
      expect(capReachedOf(undefined)).toBeNull();
    });
  });
});
