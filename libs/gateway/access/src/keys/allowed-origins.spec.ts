import { DomainError } from '@nl/platform-errors';
import type { FastifyRequest } from 'fastify';
import {
  MAX_ALLOWED_ORIGINS,
  checkOrigin,
  normalisedOrigin,
  normaliseOrigins,
} from './allowed-origins.js';

const requestFrom = (origin?: string) =>
  ({ headers: origin === undefined ? {} : { origin } }) as unknown as FastifyRequest;

function refusal(run: () => unknown): DomainError | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  return undefined;
}

describe(normalisedOrigin.name, () => {
  it.each([
    ['https://shop.example.nl', 'https://shop.example.nl'],
    ['HTTPS://Shop.Example.NL', 'https://shop.example.nl'],
    ['https://shop.example.nl/', 'https://shop.example.nl'],
    ['  https://shop.example.nl  ', 'https://shop.example.nl'],
    ['https://shop.example.nl:443', 'https://shop.example.nl'],
    ['http://shop.example.nl:80', 'http://shop.example.nl'],
    ['http://127.0.0.1:8080', 'http://127.0.0.1:8080'],
    ['http://localhost:5173', 'http://localhost:5173'],
    ['https://[::1]:8443', 'https://[::1]:8443'],
    ['https://bücher.example', 'https://xn--bcher-kva.example'],
  ])('should serialise %p as a browser sends it: %p', (given, expected) => {
    expect(normalisedOrigin(given)).toBe(expected);
  });

  it.each([
    ['a path', 'https://shop.example.nl/widget'],
    ['a query', 'https://shop.example.nl?x=1'],
    ['a fragment', 'https://shop.example.nl#top'],
    ['user info', 'https://user@shop.example.nl'],
    ['another scheme', 'ftp://shop.example.nl'],
    ['no scheme', 'shop.example.nl'],
    ['a wildcard', 'https://*.example.nl'],
    ['the opaque origin', 'null'],
    ['a bad port', 'https://shop.example.nl:99999'],
    ['an empty host', 'https://'],
    ['a space in the host', 'https://shop example.nl'],
    ['an over-long text', `https://${'a'.repeat(200)}.nl`],
  ])('should refuse %s', (_what, given) => {
    expect(normalisedOrigin(given)).toBeNull();
  });
});

describe(normaliseOrigins.name, () => {
  it('should store no list for null or an empty list (any origin)', () => {
    expect(normaliseOrigins(null)).toBeNull();
    expect(normaliseOrigins([])).toBeNull();
  });

  it('should normalise each origin and drop duplicates, in the given order', () => {
    expect(
      normaliseOrigins([
        'https://b.example.nl',
        'HTTPS://A.example.nl/',
        'https://b.example.nl:443',
      ]),
    ).toEqual(['https://b.example.nl', 'https://a.example.nl']);
  });

  it('should name every entry that is not an origin in a 400', () => {
    const error = refusal(() =>
      normaliseOrigins(['https://ok.example.nl', 'https://x.nl/path', '*']),
    );
    expect(error?.code).toBe('validation_failed');
    expect(error?.extra.errors?.map((e) => e.field)).toEqual([
      'allowed_origins.1',
      'allowed_origins.2',
    ]);
    expect(error?.extra.errors?.[0].message).toContain('"https://x.nl/path" is not an origin');
  });

  it(`should refuse more than ${MAX_ALLOWED_ORIGINS} origins`, () => {
    const many = Array.from({ length: MAX_ALLOWED_ORIGINS + 1 }, (_, i) => `https://s${i}.nl`);
    expect(normaliseOrigins(many.slice(0, MAX_ALLOWED_ORIGINS))).toHaveLength(MAX_ALLOWED_ORIGINS);
    expect(refusal(() => normaliseOrigins(many))?.extra.errors).toEqual([
      { field: 'allowed_origins', message: 'allowed_origins may list at most 20 origins' },
    ]);
  });
});

describe(checkOrigin.name, () => {
  const allowed = new Set(['https://shop.example.nl']);

  it('should let any origin call with a key that has no list', () => {
    expect(refusal(() => checkOrigin(undefined, requestFrom('https://evil.example')))).toBe(
      undefined,
    );
  });

  it('should let a listed origin call', () => {
    expect(refusal(() => checkOrigin(allowed, requestFrom('https://shop.example.nl')))).toBe(
      undefined,
    );
  });

  it('should not apply the list to a request without Origin (a server, not a page)', () => {
    expect(refusal(() => checkOrigin(allowed, requestFrom()))).toBe(undefined);
  });

  it.each([
    'https://evil.example',
    'http://shop.example.nl',
    'https://shop.example.nl:8443',
    'null',
  ])('should refuse a page of %p with origin_not_allowed', (origin) => {
    const error = refusal(() => checkOrigin(allowed, requestFrom(origin)));
    expect(error?.code).toBe('origin_not_allowed');
    expect(error?.message).toContain(`"${origin}" is not one of them`);
  });
});
