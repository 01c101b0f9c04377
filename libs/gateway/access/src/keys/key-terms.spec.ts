import { DomainError } from '@nl/platform-errors';
import {
  DEFAULT_OVERLAP_SECONDS,
  MAX_OVERLAP_SECONDS,
  expiryOf,
  keyExpired,
  outOfScope,
  overlapOf,
  scopesOf,
} from './key-terms.js';

/** The field errors a rule throws, or fails when it throws nothing. */
function fieldErrors(run: () => unknown) {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).code).toBe('validation_failed');
    return (error as DomainError).extra.errors?.map((e) => e.field);
  }
  throw new Error('no validation_failed thrown');
}

describe('overlapOf', () => {
  it('should default to 24 hours and take 0 up to 7 days in whole seconds', () => {
    expect(overlapOf(undefined)).toBe(DEFAULT_OVERLAP_SECONDS);
    expect(overlapOf('')).toBe(24 * 3600);
    expect(overlapOf(0)).toBe(0);
    expect(overlapOf('2')).toBe(2);
    expect(overlapOf(MAX_OVERLAP_SECONDS)).toBe(604_800);
  });

  it('should refuse more than 7 days, a negative, a fraction or text', () => {
    for (const bad of [604_801, -1, 1.5, 'soon', true])
      expect(fieldErrors(() => overlapOf(bad))).toEqual(['overlap_seconds']);
  });
});

describe('expiryOf', () => {
  const now = Date.parse('2026-11-28T12:00:00Z');

  it('should read an ISO time in the future, and none for empty or null', () => {
    expect(expiryOf('2027-01-31T23:59:59Z', now)).toEqual(new Date('2027-01-31T23:59:59Z'));
    expect(expiryOf('2026-11-28T14:00:00+01:00', now)).toEqual(new Date('2026-11-28T13:00:00Z'));
    expect(expiryOf(null, now)).toBeNull();
    expect(expiryOf('', now)).toBeNull();
  });

  it('should refuse a past or present time, one over 10 years ahead, and no time at all', () => {
    for (const bad of ['2026-11-28T12:00:00Z', '2020-01-01T00:00:00Z', '2040-01-01T00:00:00Z'])
      expect(fieldErrors(() => expiryOf(bad, now))).toEqual(['expires_at']);
    for (const bad of ['tomorrow', 12, {}])
      expect(fieldErrors(() => expiryOf(bad, now))).toEqual(['expires_at']);
  });
});

describe('scopesOf', () => {
  it('should keep domains in catalog order without duplicates; none is every domain', () => {
    expect(scopesOf(['cbs', 'kvk', 'cbs'])).toEqual(['kvk', 'cbs']);
    expect(scopesOf([])).toBeNull();
    expect(scopesOf(null)).toBeNull();
  });

  it('should name every entry that is not a domain, and a value that is no list', () => {
    expect(fieldErrors(() => scopesOf(['kvk', 'weather', 7]))).toEqual(['scopes[1]', 'scopes[2]']);
    expect(fieldErrors(() => scopesOf('kvk'))).toEqual(['scopes']);
  });
});

describe('the problems', () => {
  it('should say when a key expired, in the message and a member', () => {
    const error = keyExpired(Date.parse('2026-11-28T12:00:00Z'));
    expect(error.code).toBe('key_expired');
    expect(error.message).toContain('expired at 2026-11-28T12:00:00.000Z');
    expect(error.extra.members).toEqual({ expired_at: '2026-11-28T12:00:00.000Z' });
  });

  it("should name the key's scopes and the endpoint's domain", () => {
    const error = outOfScope('rdw', ['kvk', 'cbs']);
    expect(error.code).toBe('key_scope');
    expect(error.message).toContain('kvk, cbs');
    expect(error.extra.members).toEqual({ scopes: ['kvk', 'cbs'], domain: 'rdw' });
  });
});
