import type { FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '@nl/platform-errors';
import type { AccountsService, KeyOwner } from '../accounts/accounts.service.js';
import { generateApiKey } from '../keys/api-key.js';
import { authenticate, credentialOf } from './auth.step.js';

/** A request with these raw headers (name, value, …), and Node's parsed view of them. */
function requestWith(...raw: string[]): FastifyRequest {
  const headers: Record<string, string | string[]> = {};
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i].toLowerCase();
    // Node joins repeated X-Api-Key values and keeps the first Authorization.
    if (name === 'authorization') headers[name] ??= raw[i + 1];
    else
      headers[name] = headers[name] === undefined ? raw[i + 1] : `${headers[name]}, ${raw[i + 1]}`;
  }
  return { headers, raw: { rawHeaders: raw } } as unknown as FastifyRequest;
}

describe('credentialOf', () => {
  it('should read the key of one X-Api-Key or one Authorization: Bearer header, in any case', () => {
    expect(credentialOf(requestWith('Host', 'h', 'X-API-KEY', ' nlk_a '))).toBe('nlk_a');
    expect(credentialOf(requestWith('AUTHORIZATION', 'Bearer nlk_b', 'Accept', '*/*'))).toBe(
      'nlk_b',
    );
    expect(credentialOf(requestWith('Host', 'h', 'X-Api-Keys', 'x'))).toBeNull();
  });

  it.each([
    ['two X-Api-Key headers in different cases', ['X-Api-Key', 'a', 'x-api-key', 'b']],
    ['two Authorization headers', ['Authorization', 'Bearer a', 'authorization', 'Bearer b']],
    ['both headers', ['Authorization', 'Bearer a', 'X-API-Key', 'b']],
  ])('should refuse %s as ambiguous', (_what, raw) => {
    expect(() => credentialOf(requestWith(...raw))).toThrow(
      expect.objectContaining({ code: 'ambiguous_credentials' }),
    );
  });
});

describe('authenticate', () => {
  const owner: KeyOwner = {
    keyId: 'k1',
    accountId: 'a1',
    tier: 'paid',
    subscriptions: [],
    sandbox: false,
  };
  const accountsWith = (found: KeyOwner) =>
    ({ findOwner: () => found }) as unknown as AccountsService;
  const reply = () => {
    const headers: Record<string, string> = {};
    const stub = { header: (name: string, value: string) => (headers[name] = value) };
    return { headers, reply: stub as unknown as FastifyReply };
  };

  it('should refuse a key past its expiry with key_expired and a challenge, at the call', () => {
    const expiresAt = Date.now() - 1;
    const { headers, reply: r } = reply();
    const request = requestWith('X-Api-Key', generateApiKey());
    let thrown: unknown;
    try {
      void authenticate(accountsWith({ ...owner, expiresAt }), request, r);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(DomainError);
    expect((thrown as DomainError).code).toBe('key_expired');
    expect((thrown as DomainError).message).toContain(new Date(expiresAt).toISOString());
    expect(headers['www-authenticate']).toContain('Bearer');
  });

  it('should accept a key whose expiry is still ahead', () => {
    const found = { ...owner, expiresAt: Date.now() + 60_000 };
    const request = requestWith('X-Api-Key', generateApiKey());
    expect(authenticate(accountsWith(found), request, reply().reply)).toBe(found);
  });
});
