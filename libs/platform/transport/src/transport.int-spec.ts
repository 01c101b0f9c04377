import { Controller } from '@nestjs/common';
import { Ctx, MessagePattern, NatsContext, Payload } from '@nestjs/microservices';
import { Test } from '@nestjs/testing';
import { REQUEST_ID_HEADER } from '@nl/contracts-core';
import { PlatformConfigModule } from '@nl/platform-config';
import { DomainError, RpcHandlers } from '@nl/platform-errors';
import { currentRequestId } from '@nl/platform-context';
import { LoggingModule } from '@nl/platform-logging';
import { BACKING, silentLogger, testConfig } from '@nl/testing';
import { randomUUID } from 'node:crypto';
import { serviceTransport } from './service-transport.js';
import { TransportClient } from './transport.client.js';
import { TransportClientModule } from './transport.module.js';

const prefix = `t${randomUUID().slice(0, 8)}`;
const SUBJECT = {
  echo: `${prefix}.echo`,
  fail: `${prefix}.fail`,
  crash: `${prefix}.crash`,
  slow: `${prefix}.slow`,
};

@RpcHandlers()
class TestHandlers {
  @MessagePattern(SUBJECT.echo)
  echo(@Payload() data: unknown, @Ctx() context: NatsContext) {
    return {
      data: {
        got: data,
        header: context.getHeaders()?.get(REQUEST_ID_HEADER),
        logged: currentRequestId(),
      },
      meta: { cache: 'miss', fetchedAt: new Date(0), source: 'test' },
    };
  }
  @MessagePattern(SUBJECT.fail)
  fail() {
    throw DomainError.notFound({ found: false, result: null });
  }
  @MessagePattern(SUBJECT.crash)
  crash() {
    throw new Error('secret internals');
  }
  @MessagePattern(SUBJECT.slow)
  async slow() {
    await new Promise((r) => setTimeout(r, 500));
    return { data: 'late', meta: { cache: 'miss', fetchedAt: '', source: 'test' } };
  }
}
@Controller()
class Unused {}

describe.each(['standalone', 'distributed'] as const)('transport (%s profile)', (profile) => {
  const config = testConfig('transport-test', profile);
  let sut: TransportClient;
  let close: () => Promise<void>;

  beforeAll(async () => {
    const logger = silentLogger();
    const base = [PlatformConfigModule.forRoot(config), LoggingModule.forRoot(logger)];
    const service = await Test.createTestingModule({
      imports: base,
      controllers: [TestHandlers, Unused],
    }).compile();
    const server = service.createNestMicroservice(
      serviceTransport(config, 'transport-test', logger),
    );
    await server.listen();
    const gateway = await Test.createTestingModule({
      imports: [...base, TransportClientModule],
    }).compile();
    await gateway.init();
    sut = gateway.get(TransportClient);
    close = async () => {
      await gateway.close();
      await server.close();
    };
  });
  afterAll(() => close());

  it(`should deliver the payload as a JSON copy with the request id in a header (${profile === 'distributed' ? BACKING : 'in-process'})`, async () => {
    const reply = await sut.request<Record<string, unknown>>(
      SUBJECT.echo,
      { a: 1, when: new Date(0) },
      { requestId: 'req-12345678', timeoutMs: 2_000 },
    );
    expect(reply.data).toEqual({
      got: { a: 1, when: '1970-01-01T00:00:00.000Z' },
      header: 'req-12345678',
      logged: 'req-12345678',
    });
    expect(reply.meta.fetchedAt).toBe('1970-01-01T00:00:00.000Z');
  });

  it('should pass a coded domain error through with its spec body', async () => {
    await expect(
      sut.request(SUBJECT.fail, {}, { requestId: 'r-00000001', timeoutMs: 2_000 }),
    ).rejects.toMatchObject({
      code: 'not_found',
      extra: { body: { found: false, result: null } },
    });
  });

  it('should hide an unexpected error behind internal with an error id', async () => {
    const error = (await sut
      .request(SUBJECT.crash, {}, { requestId: 'r-00000002', timeoutMs: 2_000 })
      .catch((e) => e)) as DomainError;
    expect(error.code).toBe('internal');
    expect(error.message).not.toContain('secret');
    expect(error.extra.errorId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('should give up after the timeout with gateway_timeout', async () => {
    const started = Date.now();
    await expect(
      sut.request(SUBJECT.slow, {}, { requestId: 'r-00000003', timeoutMs: 100 }),
    ).rejects.toMatchObject({ code: 'gateway_timeout' });
    expect(Date.now() - started).toBeLessThan(450);
  });

  it('should answer service_unavailable at once when nobody serves the subject', async () => {
    const started = Date.now();
    await expect(
      sut.request(`${prefix}.nobody`, {}, { requestId: 'r-00000004', timeoutMs: 5_000 }),
    ).rejects.toMatchObject({
      code: 'service_unavailable',
    });
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});
