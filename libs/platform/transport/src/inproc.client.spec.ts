import { EmptyResponseException } from '@nestjs/microservices/errors/empty-response.exception.js';
import { TimeoutError, of, throwError } from 'rxjs';
import { InProcClient } from './inproc.client.js';
import { InProcServer } from './inproc.server.js';

type Handler = (data: unknown, context: unknown) => Promise<unknown>;

let bus = 0;

/** A server on a bus of its own with `handlers`, and a client of that bus. */
function setup(handlers: Record<string, Handler>) {
  const name = `inproc-spec-${++bus}`;
  const server = new InProcServer(name);
  for (const [subject, handler] of Object.entries(handlers))
    server.addHandler(subject, handler as never);
  server.listen(() => undefined);
  return { sut: new InProcClient(name), server };
}

const HANDLERS: Record<string, Handler> = {
  echo: async (data) => ({ got: data, at: new Date(0) }),
  stream: async () => of({ first: true }, { second: true }),
  coded: async () => throwError(() => ({ code: 'not_found', message: 'none', when: new Date(0) })),
  nothing: async () => undefined,
  empty: async () => of(),
  nil: async () => null,
};

describe(InProcClient.name, () => {
  describe('connectOrWait', () => {
    it('should say connected at once, and stay up and alive', async () => {
      const sut = new InProcClient('inproc-spec-connect');
      const states: string[] = [];
      sut.status.subscribe((state) => states.push(state));
      await expect(sut.connectOrWait()).resolves.toBe(true);
      expect(states).toEqual(['connected']);
      await expect(sut.health()).resolves.toEqual({ status: 'up', kind: 'in-process' });
      expect(sut.alive()).toBe(true);
    });
  });

  describe('call', () => {
    it('should answer the first reply of a handler, copied as JSON', async () => {
      const { sut, server } = setup(HANDLERS);
      await expect(sut.call('echo', { a: new Date(0) }, {}, 1_000)).resolves.toStrictEqual({
        got: { a: '1970-01-01T00:00:00.000Z' },
        at: '1970-01-01T00:00:00.000Z',
      });
      await expect(sut.call('stream', {}, {}, 1_000)).resolves.toStrictEqual({ first: true });
      await expect(sut.call('nil', {}, {}, 1_000)).resolves.toBeNull();
      server.close();
    });

    it('should answer a coded failure as an error reply, copied as JSON', async () => {
      const { sut, server } = setup(HANDLERS);
      await expect(sut.call('coded', {}, {}, 1_000)).resolves.toStrictEqual({
        error: { code: 'not_found', message: 'none', when: '1970-01-01T00:00:00.000Z' },
      });
      server.close();
    });

    it.each(['nothing', 'empty'])(
      'should answer internal when a handler answers nothing (%s)',
      async (subject) => {
        const { sut, server } = setup(HANDLERS);
        await expect(sut.call(subject, {}, {}, 1_000)).resolves.toMatchObject({
          error: { code: 'internal', errorId: expect.any(String) },
        });
        server.close();
      },
    );

    it('should refuse a message that is not a JSON object before its handler runs', async () => {
      let ran = 0;
      const { sut, server } = setup({ count: async () => ++ran });
      for (const message of [[1], 'text', 3, null])
        await expect(sut.call('count', message, {}, 1_000)).resolves.toMatchObject({
          error: { code: 'validation_failed', errors: [{ field: '(body)' }] },
        });
      expect(ran).toBe(0);
      server.close();
    });

    it('should refuse malformed headers before the handler runs', async () => {
      let ran = 0;
      const { sut, server } = setup({ count: async () => ++ran });
      const reply = await sut.call(
        'count',
        {},
        { 'x-request-id': 'a b', 'x-sandbox': 'yes' },
        1_000,
      );
      expect(reply).toMatchObject({
        error: {
          code: 'validation_failed',
          errors: [{ field: 'x-request-id' }, { field: 'x-sandbox' }],
        },
      });
      expect(ran).toBe(0);
      server.close();
    });

    it('should copy the message when it is sent, not when it is handled', async () => {
      const { sut, server } = setup(HANDLERS);
      const message = { a: 1, when: new Date(0) };
      const reply = sut.call('echo', message, {}, 1_000);
      message.a = 2;
      await expect(reply).resolves.toEqual({
        got: { a: 1, when: '1970-01-01T00:00:00.000Z' },
        at: '1970-01-01T00:00:00.000Z',
      });
      server.close();
    });

    it('should fail like NATS no-responders when no server handles the subject', async () => {
      const { sut, server } = setup(HANDLERS);
      await expect(sut.call('unknown', {}, {}, 1_000)).rejects.toBeInstanceOf(
        EmptyResponseException,
      );
      server.close();
      await expect(sut.call('echo', {}, {}, 1_000)).rejects.toBeInstanceOf(EmptyResponseException);
    });

    it('should give up with TimeoutError after the timeout and ignore a late reply', async () => {
      let answer: (value: unknown) => void = () => undefined;
      const { sut, server } = setup({ slow: () => new Promise((resolve) => (answer = resolve)) });
      await expect(sut.call('slow', {}, {}, 50)).rejects.toBeInstanceOf(TimeoutError);
      answer({ late: true });
      server.close();
    });

    it('should hand the handler the headers and keep the caller out of its stack', async () => {
      const seen: string[] = [];
      const { sut, server } = setup({
        headers: async (_data, context) => {
          seen.push(
            (context as { getHeaders(): { get(n: string): string } })
              .getHeaders()
              .get('X-Request-Id'),
          );
          return 'ok';
        },
      });
      const reply = sut.call('headers', {}, { 'x-request-id': 'req-123456' }, 1_000);
      expect(seen).toEqual([]);
      await expect(reply).resolves.toBe('ok');
      expect(seen).toEqual(['req-123456']);
      server.close();
    });

    it('should refuse a message JSON cannot carry before anything is sent', async () => {
      const { sut, server } = setup(HANDLERS);
      const cyclic: Record<string, unknown> = {};
      cyclic.self = cyclic;
      await expect(sut.call('echo', cyclic, {}, 1_000)).rejects.toBeInstanceOf(TypeError);
      server.close();
    });
  });
});
