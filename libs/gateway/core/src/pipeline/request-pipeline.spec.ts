import { jest } from '@jest/globals';
import { findEndpoint } from '@nl/contracts-catalog';
import type { ReplyEnvelope } from '@nl/contracts-core';
import { DomainError } from '@nl/platform-errors';
import { ServiceClient, type TransportClient } from '@nl/platform-transport';
import { createLogger } from '@nl/platform-logging';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpProblemFilter } from '../errors/http-problem.filter.js';
import type { GatewayStep } from './gateway-step.js';
import { RequestPipeline } from './request-pipeline.js';

const endpoint = findEndpoint('cbs.sbi.lookup');
const ok: ReplyEnvelope = {
  data: { found: true },
  meta: { cache: 'hit', fetchedAt: new Date(Date.now() - 90_000).toISOString(), source: 't' },
};

function fakeReply() {
  const sent: { status?: number; headers: Record<string, string>; body?: unknown } = {
    headers: {},
  };
  const reply = {
    sent: false,
    getHeader: (n: string) => sent.headers[n],
    header(n: string, v: string) {
      sent.headers[n] = v;
      return reply;
    },
    code(s: number) {
      sent.status = s;
      return reply;
    },
    async send(body: unknown) {
      sent.body = body;
      reply.sent = true;
    },
  };
  return { reply: reply as unknown as FastifyReply, sent };
}

function setup(steps: GatewayStep[], transport: Partial<TransportClient>) {
  const logger = createLogger({ service: 'test', level: 'silent' });
  const sut = new RequestPipeline(
    new ServiceClient(transport as TransportClient),
    new HttpProblemFilter(logger),
    steps,
    logger,
    [endpoint],
  );
  const request = {
    method: 'GET',
    url: '/v1/cbs/sbi/62.10',
    headers: {},
    query: {},
    params: { code: '62.10' },
  } as unknown as FastifyRequest;
  return { sut, request, ...fakeReply() };
}

describe(RequestPipeline.name, () => {
  it('should forward the validated input and send the data with cache and source headers', async () => {
    const request = jest.fn(async () => ok);
    const { sut, reply, sent, request: req } = setup([], { request: request as never });
    await sut.handle(endpoint, req, reply);
    expect(request).toHaveBeenCalledWith(
      'cbs.sbi.lookup',
      expect.objectContaining({ code: '6210' }),
      expect.objectContaining({ timeoutMs: endpoint.timeoutMs }),
    );
    expect(sent).toMatchObject({
      status: 200,
      body: { found: true },
      headers: { 'x-cache': 'HIT', 'x-source': 't', age: '90' },
    });
  });

  it('should answer 400 before any step or transport call when the input is invalid', async () => {
    const before = jest.fn(async () => undefined);
    const request = jest.fn(async () => ok);
    const { sut, reply, sent } = setup([{ before }], { request: request as never });
    const bad = {
      method: 'GET',
      url: '/v1/cbs/sbi/62ab',
      headers: {},
      query: {},
      params: { code: '62ab' },
    } as unknown as FastifyRequest;
    await sut.handle(endpoint, bad, reply);
    expect(sent.status).toBe(400);
    expect(before).not.toHaveBeenCalled();
    expect(request).not.toHaveBeenCalled();
  });

  it('should run steps before the call in order and their after hooks in reverse with the status', async () => {
    const calls: string[] = [];
    const step = (name: string): GatewayStep => ({
      before: async () => void calls.push(`${name}.before`),
      after: async (_c, outcome) => void calls.push(`${name}.after:${outcome.status}`),
    });
    const { sut, reply, request } = setup([step('auth'), step('credits')], {
      request: (async () => {
        calls.push('transport');
        return ok;
      }) as never,
    });
    await sut.handle(endpoint, request, reply);
    expect(calls).toEqual([
      'auth.before',
      'credits.before',
      'transport',
      'credits.after:200',
      'auth.after:200',
    ]);
  });

  it('should run after hooks one at a time, sync and async alike, and log a failing one and go on', async () => {
    const calls: string[] = [];
    let release!: () => void;
    const slow = new Promise<void>((resolve) => (release = resolve));
    const steps: GatewayStep[] = [
      { after: () => void calls.push('first.after') },
      { after: async () => Promise.reject(new Error('lost its connection')) },
      {
        after: async () => {
          calls.push('slow.after');
          await slow;
          calls.push('slow.done');
        },
      },
      {
        after: () => {
          calls.push('sync.after');
          throw new Error('broke');
        },
      },
    ];
    const { sut, reply, sent, request } = setup(steps, { request: (async () => ok) as never });
    const handled = sut.handle(endpoint, request, reply);
    await new Promise((resolve) => setImmediate(resolve));
    // The step before the slow one waits for it; the answer waits for them all.
    expect(calls).toEqual(['sync.after', 'slow.after']);
    expect(sent.status).toBeUndefined();
    release();
    await handled;
    expect(calls).toEqual(['sync.after', 'slow.after', 'slow.done', 'first.after']);
    expect(sent.status).toBe(200);
  });

  it('should stop at a step that refuses and only unwind the steps that ran', async () => {
    const calls: string[] = [];
    const steps: GatewayStep[] = [
      {
        before: async () => void calls.push('auth'),
        after: async (_c, o) => void calls.push(`auth.after:${o.status}`),
      },
      {
        before: async () =>
          Promise.reject(new DomainError('rate_limited', 'slow down', { retryAfterSeconds: 7 })),
        after: async () => void calls.push('limit.after'),
      },
      {
        before: async () => void calls.push('credits'),
        after: async () => void calls.push('credits.after'),
      },
    ];
    const { sut, reply, sent, request } = setup(steps, { request: (async () => ok) as never });
    await sut.handle(endpoint, request, reply);
    expect(sent).toMatchObject({ status: 429, headers: { 'retry-after': '7' } });
    expect(calls).toEqual(['auth', 'limit.after', 'auth.after:429']);
  });

  it('should send a spec-defined error body as it is, and tell the steps the status', async () => {
    const after = jest.fn(async () => undefined);
    const { sut, reply, sent, request } = setup([{ after }], {
      request: (async () =>
        Promise.reject(DomainError.notFound({ found: false, result: null }))) as never,
    });
    await sut.handle(endpoint, request, reply);
    expect(sent).toMatchObject({ status: 404, body: { found: false, result: null } });
    expect(after).toHaveBeenCalledWith(expect.anything(), { status: 404, code: 'not_found' });
  });

  it('should turn an unexpected failure into a 500 problem with an error id, never a stack', async () => {
    const { sut, reply, sent, request } = setup([], {
      request: (async () => Promise.reject(new TypeError('boom at line 3'))) as never,
    });
    await sut.handle(endpoint, request, reply);
    expect(sent.status).toBe(500);
    expect(sent.body).toMatchObject({ code: 'internal', errorId: expect.any(String) });
    expect(JSON.stringify(sent.body)).not.toContain('boom');
  });
  it("should withhold the service's answer when a step refuses it afterwards, and send the refusal", async () => {
    const calls: string[] = [];
    const charging: GatewayStep = {
      after: (_call, outcome) => {
        calls.push(`charging.after:${outcome.status}`);
        // As the credits step does when a charge after the fact finds the balance spent.
        throw new DomainError('insufficient_credits', 'This call costs 0.10 credits.');
      },
    };
    const outer: GatewayStep = {
      before: () => void calls.push('outer.before'),
      after: (_call, outcome) => void calls.push(`outer.after:${outcome.status}`),
    };
    const { sut, reply, sent, request } = setup([outer, charging], {
      request: (async () => ok) as never,
    });
    await sut.handle(endpoint, request, reply);
    expect(sent.status).toBe(402);
    expect(sent.body).toMatchObject({ code: 'insufficient_credits' });
    expect(JSON.stringify(sent.body)).not.toContain('found');
    // The refusal ends the unwinding: no step is told twice, or told a 200 that was not sent.
    expect(calls).toEqual(['outer.before', 'charging.after:200']);
  });

  describe('on shutdown', () => {
    /** A transport whose answer the test gives by hand. */
    function heldTransport() {
      let answer!: (reply: ReplyEnvelope) => void;
      const request = (async () =>
        new Promise<ReplyEnvelope>((resolve) => (answer = resolve))) as never;
      return { request, answer: (reply: ReplyEnvelope) => answer(reply) };
    }

    it('should let the calls under way end, their steps included, before the closing goes on', async () => {
      const calls: string[] = [];
      const settling: GatewayStep = { after: () => void calls.push('after') };
      const transport = heldTransport();
      const { sut, reply, sent, request } = setup([settling], transport);
      const handled = sut.handle(endpoint, request, reply);
      const drained = sut.beforeApplicationShutdown().then(() => void calls.push('drained'));
      await new Promise((resolve) => setImmediate(resolve));
      expect(calls).toEqual([]);
      transport.answer(ok);
      await Promise.all([handled, drained]);
      expect(calls).toEqual(['after', 'drained']);
      expect(sent.status).toBe(200);
    });

    it('should close anyway once the drain time is over', async () => {
      const { sut, reply, request } = setup([], heldTransport());
      void sut.handle(endpoint, request, reply);
      const started = performance.now();
      await sut.drain(30);
      expect(performance.now() - started).toBeGreaterThanOrEqual(25);
    });

    it('should not wait at all with no call under way', async () => {
      const { sut, reply, request } = setup([], { request: (async () => ok) as never });
      await sut.handle(endpoint, request, reply);
      const started = performance.now();
      await sut.drain(5_000);
      expect(performance.now() - started).toBeLessThan(1_000);
    });
  });
});
