import { Inject, Injectable, Optional, type BeforeApplicationShutdown } from '@nestjs/common';
import type { EndpointDefinition, ReplyEnvelope } from '@nl/contracts-core';
import { DomainError, validateInput } from '@nl/platform-errors';
import { runWithRequestId } from '@nl/platform-context';
import { LOGGER, type Logger } from '@nl/platform-logging';
import { ServiceClient } from '@nl/platform-transport';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_STATUS } from '../errors/error-status.js';
import { HttpProblemFilter } from '../errors/http-problem.filter.js';
import { sendError } from '../errors/problem.js';
import { countAnswer, logAnswer } from './access-log.js';
import { bypassesCache } from './cache-bypass.js';
import { CallState, SANDBOX } from './call-state.js';
import { endOfTurn } from './end-of-turn.js';
import { Foreground } from './foreground.js';
import {
  ANSWER_METER,
  GATEWAY_CATALOG,
  GATEWAY_STEPS,
  type AnswerMeter,
  type CallOutcome,
  type GatewayCall,
  type GatewayStep,
} from './gateway-step.js';
import { requestIdOf } from './request-id.js';

const CACHE_HEADER = { hit: 'HIT', miss: 'MISS', stale: 'STALE' } as const;

/** `X-Cache`: `BYPASS` for an answer fetched because the caller asked to skip the cache. */
const cacheHeader = (state: keyof typeof CACHE_HEADER, bypass: boolean) =>
  bypass && state === 'miss' ? 'BYPASS' : CACHE_HEADER[state];

function inputOf(endpoint: EndpointDefinition, request: FastifyRequest): unknown {
  const params = (request.params ?? {}) as Record<string, unknown>;
  if (endpoint.method === 'GET') return { ...(request.query as object), ...params };
  const body = request.body ?? {};
  return typeof body === 'object' && !Array.isArray(body) ? { ...body, ...params } : body;
}

/**
 * One public call, in this order: request id, validation, the access steps, the transport call with
 * the catalog timeout, the reply with its cache headers, settlement.
 *
 * On shutdown, once new calls are refused (ShutdownGate), the calls under way end before the
 * transport, the database and the caches close (their hooks come after this one's): a call
 * whose client went away still writes or releases its charge, instead of failing on a closed
 * database.
 */
@Injectable()
export class RequestPipeline implements BeforeApplicationShutdown {
  /** Calls under way, and what the shutdown waits on until none is. */
  private underWay = 0;
  private whenIdle?: () => void;
  /**
   * How long a shutdown waits for them: the longest timeout of the endpoints served (15 s in the
   * full catalog), inside the shutdown's own deadline (SHUTDOWN_DEADLINE_MS, 25 s).
   */
  private readonly drainMs: number;

  constructor(
    private readonly services: ServiceClient,
    private readonly fallback: HttpProblemFilter,
    @Inject(GATEWAY_STEPS) private readonly steps: readonly GatewayStep[],
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(GATEWAY_CATALOG) catalog: readonly EndpointDefinition[],
    @Optional() @Inject(ANSWER_METER) private readonly meter?: AnswerMeter,
    @Optional() private readonly foreground?: Foreground,
  ) {
    this.drainMs = Math.max(0, ...catalog.map((e) => e.timeoutMs));
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.drain(this.drainMs);
  }

  /** Waits (at most `drainMs`) until the calls under way have ended. */
  async drain(drainMs: number): Promise<void> {
    if (this.underWay === 0) return;
    const waiting = this.underWay;
    const started = performance.now();
    let timer: NodeJS.Timeout | undefined;
    const ended = await Promise.race([
      new Promise<true>((resolve) => (this.whenIdle = () => resolve(true))),
      new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), drainMs))),
    ]);
    clearTimeout(timer);
    this.whenIdle = undefined;
    const ms = Math.round(performance.now() - started);
    if (ended) this.logger.info({ calls: waiting, ms }, 'calls under way ended');
    else
      this.logger.warn(
        { calls: waiting, left: this.underWay, ms },
        'calls still under way at the end of the drain: closing anyway',
      );
  }

  handle(
    endpoint: EndpointDefinition,
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<void> {
    const requestId = requestIdOf(request, reply);
    return runWithRequestId(requestId, () => this.run(endpoint, request, reply, requestId));
  }

  private async run(
    endpoint: EndpointDefinition,
    request: FastifyRequest,
    reply: FastifyReply,
    requestId: string,
  ) {
    this.underWay++;
    this.foreground?.begin();
    // From the edge's first sight of the request (its body read included), as for refusals.
    const started = request.receivedAt || performance.now();
    let status = 500;
    let code: string | undefined;
    let envelope: ReplyEnvelope | undefined;
    let call: GatewayCall | undefined;
    /** How many steps ran their `before` (a prefix of `this.steps`). */
    let stepsRun = 0;
    let finished = false;
    let sandbox = false;
    try {
      const input = endpoint.request
        ? validateInput(endpoint.request, inputOf(endpoint, request))
        : inputOf(endpoint, request);
      call = { endpoint, request, reply, requestId, input, state: new CallState() };
      const head = request.method === 'HEAD';
      for (let index = 0; index < this.steps.length; index++) {
        const step = this.steps[index];
        if (head && !step.runsForHead) continue;
        stepsRun = index + 1;
        const waiting = step.before?.(call);
        if (waiting) await waiting;
      }
      sandbox = call.state.get(SANDBOX) === true;
      if (sandbox) void reply.header('x-sandbox', 'true');
      if (head) {
        status = 200;
        await reply.code(status).header('cache-control', 'no-store').send();
        return;
      }
      const bypass = bypassesCache(endpoint, request.headers['cache-control']);
      envelope = await this.services.call(endpoint, input as never, {
        requestId,
        sandbox,
        ...(bypass && { cacheBypass: true }),
      });
      status = 200;
      finished = true;
      await this.runAfterHooks(call, stepsRun, { status, reply: envelope });
      const ageSeconds = Math.max(
        0,
        Math.floor((Date.now() - Date.parse(envelope.meta.fetchedAt)) / 1000),
      );
      // Paid data is the caller's alone: never kept by a shared or browser cache.
      if (reply.getHeader('cache-control') === undefined)
        void reply.header('cache-control', 'no-store');
      // Written with the other answers of this turn (see endOfTurn).
      await endOfTurn();
      await reply
        .code(status)
        .header('x-cache', cacheHeader(envelope.meta.cache, bypass))
        .header('x-source', envelope.meta.source)
        .header('age', String(Number.isFinite(ageSeconds) ? ageSeconds : 0))
        .send(envelope.data);
    } catch (caught) {
      const error = this.fallback.toDomainError(caught);
      status = ERROR_STATUS[error.code];
      code = error.code;
      if (call && !finished)
        try {
          await this.runAfterHooks(call, stepsRun, { status, code: error.code });
        } catch {
          // The call failed already: its own error is the answer.
        }
      if (!reply.sent) await sendError(reply, error, request.url, requestId);
    } finally {
      if (--this.underWay === 0) this.whenIdle?.();
      this.foreground?.end();
      const seconds = (performance.now() - started) / 1000;
      const cache = envelope?.meta.cache ?? 'none';
      countAnswer(endpoint.id, status, cache, seconds, code);
      // A HEAD answer asks no service: it would read as a cold answer in no time at all.
      if (request.method !== 'HEAD')
        this.meter?.answered({ endpoint: endpoint.id, status, cache, seconds, sandbox });
      // At warn (production) the access line is not written: don't build it either.
      if (this.logger.isLevelEnabled('info'))
        logAnswer(this.logger, {
          endpoint: endpoint.id,
          method: request.method,
          path: request.url,
          status,
          cache,
          seconds,
          sandbox,
        });
    }
  }

  /**
   * The one place that runs the `after` hooks, for a call that succeeded and for one that failed:
   * those of the first `ran` steps (the ones whose `before` ran), last first, each once the one
   * before it is done. A failing hook is logged, never sent; a DomainError is thrown on, and the
   * call answers it.
   */
  private async runAfterHooks(call: GatewayCall, ran: number, outcome: CallOutcome): Promise<void> {
    for (let index = ran - 1; index >= 0; index--) {
      try {
        const waiting = this.steps[index].after?.(call, outcome);
        if (waiting) await waiting;
      } catch (error) {
        this.afterFailed(error);
      }
    }
  }

  private afterFailed(error: unknown): void {
    if (error instanceof DomainError) throw error;
    this.logger.error({ err: error }, 'gateway step failed after the call');
  }
}
