import { NatsRecord } from '@nestjs/microservices';
import { EmptyResponseException } from '@nestjs/microservices/errors/empty-response.exception.js';
import { EmptyError, TimeoutError, firstValueFrom, of, throwError, timeout } from 'rxjs';
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

/** The reply (or the error) of the stream path, for comparing the two paths. */
function viaSend(sut: InProcClient, subject: string, data: unknown, timeoutMs = 1_000) {
  return firstValueFrom(
    sut.send(subject, new NatsRecord(data, undefined)).pipe(timeout(timeoutMs)),
  ).catch((error: unknown) => ({ rejected: error }));
}

function viaCall(sut: InProcClient, subject: string, data: unknown, timeoutMs = 1_000) {
  return sut.call(subject, data, {}, timeoutMs).catch((error: unknown) => ({ rejected: error }));
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
  describe('call', () => {
    it.each(Object.keys(HANDLERS))(
      'should answer %s exactly as the reply stream does',
      async (subject) => {
        const { sut, server } = setup(HANDLERS);
        const expected = await viaSend(sut, subject, { a: new Date(0) });
        const actual = await viaCall(sut, subject, { a: new Date(0) });
        server.close();
        expect(actual).toStrictEqual(expected);
      },
    );

    it('should end a handler that answers nothing in EmptyError, as the stream does', async () => {
      const { sut, server } = setup(HANDLERS);
      await expect(sut.call('nothing', {}, {}, 1_000)).rejects.toBeInstanceOf(EmptyError);
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
      const started = Date.now();
      await expect(sut.call('slow', {}, {}, 50)).rejects.toBeInstanceOf(TimeoutError);
      expect(Date.now() - started).toBeGreaterThanOrEqual(45);
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
