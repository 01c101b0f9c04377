import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Test } from '@nestjs/testing';
import { connect, headers, type NatsConnection } from '@nats-io/transport-node';
import { PlatformConfigModule } from '@nl/platform-config';
import { RpcHandlers } from '@nl/platform-errors';
import { LoggingModule } from '@nl/platform-logging';
import { REAL_SERVERS, captureLogs, testConfig } from '@nl/testing';
import { IsString } from 'class-validator';
import { randomUUID } from 'node:crypto';
import { serviceTransport } from './service-transport.js';

// The wire format as a caller without our code sees it: a plain NATS client, a JSON payload,
// a JSON reply. Needs the real NATS of the distributed profile.
const suite = REAL_SERVERS ? describe : describe.skip;

const SUBJECT = `w${randomUUID().slice(0, 8)}.count`;

class CountBody {
  @IsString()
  name: string;
}

let handled = 0;

@RpcHandlers()
class CountingHandlers {
  @MessagePattern(SUBJECT)
  count(@Payload() body: CountBody) {
    handled++;
    return { data: { hello: body.name }, meta: { cache: 'miss', fetchedAt: '', source: 't' } };
  }
}
@Controller()
class Unused {}

suite('the NATS wire format of a service', () => {
  const logs = captureLogs('wire', 'warn');
  let nats: NatsConnection;
  let close: () => Promise<void>;

  beforeAll(async () => {
    const config = testConfig('wire-test', 'distributed');
    const service = await Test.createTestingModule({
      imports: [PlatformConfigModule.forRoot(config), LoggingModule.forRoot(logs.logger)],
      controllers: [CountingHandlers, Unused],
    }).compile();
    const server = service.createNestMicroservice(
      serviceTransport(config, 'wire-test', logs.logger),
    );
    await server.listen();
    nats = await connect({ servers: process.env.NATS_URL });
    close = async () => {
      await nats.close();
      await server.close();
    };
  });
  afterAll(() => close());
  beforeEach(() => (handled = 0));

  const ask = async (payload: string | Uint8Array, head?: Record<string, string>) => {
    const h = headers();
    for (const [name, value] of Object.entries(head ?? {})) h.set(name, value);
    const reply = await nats.request(SUBJECT, payload, { timeout: 1_000, headers: h });
    return {
      body: reply.json<Record<string, unknown>>(),
      code: reply.headers?.get('x-error-code'),
    };
  };

  it('should answer the DTO as JSON with the plain envelope, and no error header', async () => {
    expect(await ask('{"name":"nats"}', { 'x-request-id': 'req-wire-0001' })).toEqual({
      body: { data: { hello: 'nats' }, meta: { cache: 'miss', fetchedAt: '', source: 't' } },
      code: undefined,
    });
    expect(handled).toBe(1);
  });

  it.each([
    ['malformed JSON', '{"name":', 'bad_request'],
    ['an empty message', '', 'bad_request'],
    ['bytes that are not UTF-8', new Uint8Array([0xff, 0xfe, 0x7b]), 'bad_request'],
    ['JSON that is not an object', '["nats"]', 'validation_failed'],
    ['a NestJS packet', '{"pattern":"x","data":{"name":"nats"},"id":"1"}', 'validation_failed'],
  ])(
    'should answer %s with an error reply, before the handler runs',
    async (_what, payload, code) => {
      const reply = await ask(payload);
      expect(reply).toMatchObject({ body: { error: { code, message: expect.any(String) } }, code });
      expect(handled).toBe(0);
    },
  );

  it('should refuse a malformed request id or sandbox header', async () => {
    const reply = await ask('{"name":"nats"}', { 'x-request-id': 'short', 'x-sandbox': '1' });
    expect(reply.body).toMatchObject({
      error: {
        code: 'validation_failed',
        errors: [{ field: 'x-request-id' }, { field: 'x-sandbox' }],
      },
    });
    expect(handled).toBe(0);
  });

  it('should drop a message without a reply subject before any handler runs, warning once', async () => {
    const before = logs.lines().length;
    for (let i = 0; i < 5; i++) nats.publish(SUBJECT, '{"name":"fire-and-forget"}');
    await nats.flush();
    // A request after the publishes is answered after them: they have been seen by then.
    await ask('{"name":"after"}');
    expect(handled).toBe(1);
    const warnings = logs.lines().slice(before);
    expect(warnings).toEqual([
      expect.objectContaining({ level: 'warn', subject: SUBJECT, dropped: 1 }),
    ]);
  });
});
