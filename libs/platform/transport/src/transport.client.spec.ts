import { jest } from '@jest/globals';
import { EmptyResponseException } from '@nestjs/microservices/errors/empty-response.exception.js';
import { DomainError } from '@nl/platform-errors';
import type { OutageMonitor } from '@nl/platform-health';
import { BehaviorSubject, Subject, TimeoutError } from 'rxjs';
import type { ServiceBus } from './service-bus.js';
import { TransportClient, toDomainError } from './transport.client.js';

describe(toDomainError.name, () => {
  it('should call a missing service unavailable, naming the service, with Retry-After', () => {
    const sut = toDomainError(
      new EmptyResponseException('rdw.vehicle.full'),
      'rdw.vehicle.full',
      1_000,
    );
    expect(sut).toMatchObject({
      code: 'service_unavailable',
      message: 'The rdw service is not available right now.',
      extra: { retryAfterSeconds: 30 },
    });
  });

  it('should treat the in-process "no handler" answer like NATS no-responders', () => {
    expect(
      toDomainError(
        'There is no matching message handler defined in the remote service.',
        'kvk.company.get',
        1_000,
      ).code,
    ).toBe('service_unavailable');
  });

  it('should call a slow service a gateway timeout', () => {
    expect(toDomainError(new TimeoutError(), 'cbs.sbi.search', 250)).toMatchObject({
      code: 'gateway_timeout',
      message: 'The cbs service did not answer within 250 ms.',
    });
  });

  it('should rebuild a coded error from its payload', () => {
    const sut = toDomainError(
      { code: 'not_found', message: 'none', body: { found: false } },
      'cbs.sbi.lookup',
      1_000,
    );
    expect(sut).toBeInstanceOf(DomainError);
    expect(sut).toMatchObject({
      code: 'not_found',
      message: 'none',
      extra: { body: { found: false } },
    });
  });

  it('should not trust an unknown code or a bare error', () => {
    expect(toDomainError({ code: 'made_up', message: 'x' }, 'cbs.x', 1).code).toBe('internal');
    expect(
      toDomainError({ status: 'error', message: 'Internal server error' }, 'cbs.x', 1).code,
    ).toBe('internal');
  });
});

describe(TransportClient.name, () => {
  /** A bus that says `status` once it is asked to connect. */
  function proxyWith(status: string, call = jest.fn(async (): Promise<unknown> => ({}))) {
    const states = new BehaviorSubject(status);
    return {
      call,
      proxy: {
        status: states.asObservable(),
        connectOrWait: async () => {
          states.next(status);
          return status === 'connected';
        },
        close: async () => undefined,
        call,
        health: async () => ({ status: 'up' }),
        alive: () => true,
      } satisfies ServiceBus,
    };
  }

  it('should answer transport_unavailable at once while the connection is down, and report it', async () => {
    const { proxy, call } = proxyWith('reconnecting');
    const outages = { report: jest.fn() };
    const sut = new TransportClient(proxy, undefined, outages as unknown as OutageMonitor);
    await sut.onApplicationBootstrap();
    await expect(
      sut.request('cbs.sbi.lookup', {}, { requestId: 'r-1', timeoutMs: 10_000 }),
    ).rejects.toMatchObject({ code: 'transport_unavailable', extra: { retryAfterSeconds: 5 } });
    expect(call).not.toHaveBeenCalled();
    expect(outages.report).toHaveBeenCalledWith('transport', 'not connected');
  });

  it('should tell callers of a service nobody answers to retry in 2 s just after the transport came back, else in 30 s', async () => {
    const status = new Subject<string>();
    const proxy: ServiceBus = {
      status,
      connectOrWait: async () => {
        status.next('connected');
        return true;
      },
      close: async () => undefined,
      call: () => Promise.reject(new EmptyResponseException('cbs.sbi.lookup')),
      health: async () => ({ status: 'up' }),
      alive: () => true,
    };
    const now = jest.spyOn(performance, 'now').mockReturnValue(1_000_000);
    const sut = new TransportClient(proxy);
    await sut.onApplicationBootstrap();
    const retryAfter = async () => {
      const error = await sut
        .request('cbs.sbi.lookup', {}, { requestId: 'r-1', timeoutMs: 1_000 })
        .catch((e: DomainError) => e);
      expect(error).toMatchObject({ code: 'service_unavailable' });
      return (error as DomainError).extra.retryAfterSeconds;
    };
    // Never seen going down: nothing says the service is about to come.
    expect(await retryAfter()).toBe(30);
    status.next('disconnected');
    status.next('connected');
    // The services reconnect within about a second of NATS, and subscribe again.
    now.mockReturnValue(1_000_000 + 9_000);
    expect(await retryAfter()).toBe(2);
    now.mockReturnValue(1_000_000 + 11_000);
    expect(await retryAfter()).toBe(30);
    now.mockRestore();
  });

  it('should answer an envelope as it is, and throw an error reply as its coded error', async () => {
    const envelope = { data: { found: true }, meta: { cache: 'miss', fetchedAt: '', source: 's' } };
    const replies: unknown[] = [
      envelope,
      { error: { code: 'not_found', message: 'none', body: { found: false } } },
      { error: { code: 'made_up', message: 'x' } },
    ];
    const { proxy, call } = proxyWith(
      'connected',
      jest.fn(async () => replies.shift()),
    );
    const sut = new TransportClient(proxy);
    await sut.onApplicationBootstrap();
    const options = { requestId: 'r-00000001', timeoutMs: 1_000, sandbox: true };
    await expect(sut.request('cbs.sbi.lookup', { code: '6210' }, options)).resolves.toEqual(
      envelope,
    );
    expect(call).toHaveBeenCalledWith(
      'cbs.sbi.lookup',
      { code: '6210' },
      { 'x-request-id': 'r-00000001', 'x-sandbox': 'true' },
      1_000,
    );
    await expect(sut.request('cbs.sbi.lookup', {}, options)).rejects.toMatchObject({
      code: 'not_found',
      extra: { body: { found: false } },
    });
    await expect(sut.request('cbs.sbi.lookup', {}, options)).rejects.toMatchObject({
      code: 'internal',
    });
  });

  it('should call what Nest says while NATS reconnects transport_unavailable, not internal', () => {
    expect(
      toDomainError('Error: Connection lost. Trying to reconnect...', 'cbs.sbi.lookup', 1_000).code,
    ).toBe('transport_unavailable');
    expect(toDomainError(new Error('Connection closed'), 'cbs.sbi.lookup', 1_000).code).toBe(
      'transport_unavailable',
    );
    // What nats.js says of a request on a closed or draining connection.
    for (const text of ['closed connection', 'connection draining'])
      expect(toDomainError(new Error(text), 'cbs.sbi.lookup', 1_000).code).toBe(
        'transport_unavailable',
      );
  });
});
