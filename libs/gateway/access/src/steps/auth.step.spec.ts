import type { FastifyRequest } from 'fastify';
import { credentialOf } from './auth.step.js';

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
