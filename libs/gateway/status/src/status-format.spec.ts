import {
  formatAge,
  formatCount,
  formatMs,
  formatPercent,
  formatShare,
  formatUtc,
} from './status-format.js';

/** The no-break spaces as plain ones, to compare with readable literals. */
const plain = (s: string) => s.replace(/\u00a0/g, ' ');

describe('status formats', () => {
  it.each([
    [null, '–'],
    [1, '100 %'],
    [0.9995, '99.95 %'],
    [0.99999, '99.99 %'],
    [0.5, '50.00 %'],
    [0, '0.00 %'],
  ])('should write the share %p as %p, never rounding up to 100 %', (share, expected) => {
    expect(plain(formatPercent(share))).toBe(expected);
  });

  it('should write a threshold without trailing zeros', () => {
    expect([0.9, 0.955, 1].map((s) => plain(formatShare(s)))).toEqual(['90 %', '95.5 %', '100 %']);
  });

  it.each([
    [null, '–'],
    [0.42, '0.4 ms'],
    [9.96, '10.0 ms'],
    [12.4, '12 ms'],
    [999.4, '999 ms'],
    [1250, '1.25 s'],
    [12_345, '12.3 s'],
  ])('should write %p ms as %p', (ms, expected) => {
    expect(plain(formatMs(ms))).toBe(expected);
  });

  it.each([
    [null, '–'],
    [0, '0 s'],
    [45.7, '45 s'],
    [1200, '20 min'],
    [3600, '1 h'],
    [12_000, '3 h 20 min'],
    [86_400 * 4 + 3 * 3600 + 59, '4 d 3 h'],
  ])('should write an age of %p seconds as %p', (seconds, expected) => {
    expect(plain(formatAge(seconds))).toBe(expected);
  });

  it('should write counts with thousands separators and instants to the minute in UTC', () => {
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(plain(formatUtc('2026-11-28T17:40:59+02:00'))).toBe('2026-11-28 15:40 UTC');
  });
});
