import { formatCredits, toCredits, toHundredths } from './credits.js';

describe('credit units', () => {
  it('should print hundredths as credits with two decimals', () => {
    expect([formatCredits(10), formatCredits(50), formatCredits(1000), formatCredits(0)]).toEqual([
      '0.10',
      '0.50',
      '10.00',
      '0.00',
    ]);
  });

  it('should turn credits into whole hundredths, rounding binary fractions away', () => {
    expect([toHundredths(12.5), toHundredths(0.1), toHundredths(0.29), toHundredths(250)]).toEqual([
      1250, 10, 29, 25000,
    ]);
  });

  it('should give back the credits it was given', () => {
    for (const credits of [0, 0.01, 0.1, 0.29, 12.5, 9_999_999.99])
      expect(toCredits(toHundredths(credits))).toBe(credits);
  });
});
