import type { FastifyReply, FastifyRequest } from 'fastify';
import { requestIdOf } from './request-id.js';

function fakes(incoming?: string) {
  const headers: Record<string, string> = {};
  const reply = {
    getHeader: (name: string) => headers[name],
    header: (name: string, value: string) => {
      headers[name] = value;
      return reply;
    },
  } as unknown as FastifyReply;
  const request = {
    headers: incoming === undefined ? {} : { 'x-request-id': incoming },
  } as unknown as FastifyRequest;
  return { request, reply, headers };
}

describe(requestIdOf.name, () => {
  it("should keep the caller's id when it is a sane token", () => {
    const { request, reply, headers } = fakes('client-req-0001');
    expect(requestIdOf(request, reply)).toBe('client-req-0001');
    expect(headers['x-request-id']).toBe('client-req-0001');
  });

  it.each(['short', 'has spaces in it', 'x'.repeat(129), '<script>alert(1)</script>'])(
    'should replace %p with a UUID',
    (incoming) => {
      const { request, reply } = fakes(incoming);
      expect(requestIdOf(request, reply)).toMatch(
        /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/,
      );
    },
  );

  it('should return the same id every time within one request', () => {
    const { request, reply } = fakes();
    expect(requestIdOf(request, reply)).toBe(requestIdOf(request, reply));
  });
});
