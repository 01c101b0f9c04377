import { credits } from './endpoint.types.js';
import { isErrorCode } from './error-codes.js';
import { pageMeta } from './pagination.js';

describe(pageMeta.name, () => {
  it('should count the last page, rounding up', () => {
    expect(pageMeta(1954, 2, 100)).toEqual({ total: 1954, page: 2, per_page: 100, last_page: 20 });
  });

  it('should keep one page when there is nothing', () => {
    expect(pageMeta(0, 1, 50).last_page).toBe(1);
  });
});

describe(credits.name, () => {
  it('should write credits as whole hundredths without float noise', () => {
    expect([
      credits(0.1),
      credits(0.5),
      credits(1),
      credits(2),
      credits(10),
      credits(0.07),
    ]).toEqual([10, 50, 100, 200, 1000, 7]);
  });
});

describe(isErrorCode.name, () => {
  it('should know registered codes only', () => {
    expect(isErrorCode('validation_failed')).toBe(true);
    expect(isErrorCode('toString')).toBe(false);
    expect(isErrorCode(42)).toBe(false);
  });
});
