import { jest } from '@jest/globals';
import { utcDay } from './embedded-books.js';

describe('utcDay', () => {
  afterEach(() => jest.useRealTimers());

  it('should follow the clock across midnight UTC, forward and back', () => {
    jest.useFakeTimers();
    const at = (iso: string) => {
      jest.setSystemTime(new Date(iso));
      return utcDay();
    };
    expect(at('2026-11-24T23:59:59.999Z')).toBe('2026-11-24');
    expect(at('2026-11-25T00:00:00.000Z')).toBe('2026-11-25');
    expect(at('2026-11-25T23:00:00.000+01:00')).toBe('2026-11-25');
    expect(at('2026-11-24T12:00:00.000Z')).toBe('2026-11-24');
    expect(at('2024-02-29T00:00:00.001Z')).toBe('2024-02-29');
    expect(at('2026-12-31T23:59:59.999Z')).toBe('2026-12-31');
    expect(at('2027-01-01T00:00:00.000Z')).toBe('2027-01-01');
  });
});
