import type { EndpointDefinition, ErrorCode, ReplyEnvelope } from '@nl/contracts-core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CallState } from './call-state.js';

/** What the pipeline knows about one call; steps add what they learn to `state`. */
export interface GatewayCall {
  readonly endpoint: EndpointDefinition;
  readonly request: FastifyRequest;
  readonly reply: FastifyReply;
  readonly requestId: string;
  /** The validated input that is forwarded to the service. */
  readonly input: unknown;
  readonly state: CallState;
}

/** How a call ended: its status, and the reply (2xx) or the error code (otherwise). */
export interface CallOutcome {
  readonly status: number;
  readonly reply?: ReplyEnvelope;
  readonly code?: ErrorCode;
}

/**
 * A step of the request pipeline between validation and the transport call (authentication, tier
 * gate, rate limit, credit reservation) and after it (settlement). `before` throws a `DomainError`
 * (or rejects with one) to stop the call; `after` runs for every outcome, success or failure.
 * Either returns a promise only when it has to wait: the pipeline awaits nothing else, so a step
 * that decides from memory costs no promise. Measured: with every step and what it calls (key
 * lookup, limit count, reservation) async, a paid call took 6–8 % more CPU (docs/performance.md).
 */
export interface GatewayStep {
  /**
   * True for steps that only check (authentication, tier): a HEAD request runs those and is
   * answered without the service, so it is free and not counted against the rate limit.
   */
  readonly runsForHead?: boolean;
  before?(call: GatewayCall): void | Promise<void>;
  after?(call: GatewayCall, outcome: CallOutcome): void | Promise<void>;
}

export const GATEWAY_STEPS = Symbol('GATEWAY_STEPS');

/** The endpoints the gateway serves (its options' catalog): what `/v1/account` lists. */
export const GATEWAY_CATALOG = Symbol('GATEWAY_CATALOG');

/**
 * Told of every answer of a catalog endpoint once it is sent (status figures). Called on the
 * serving thread for each call: it must only count, never wait.
 */
export interface AnswerMeter {
  answered(answer: {
    readonly endpoint: string;
    readonly status: number;
    /** The reply's cache state (`hit`, `miss`, `stale`), `none` without one. */
    readonly cache: string;
    readonly seconds: number;
    readonly sandbox: boolean;
  }): void;
}

/** The {@link AnswerMeter} the pipeline tells, when a module provides one. */
export const ANSWER_METER = Symbol('ANSWER_METER');

/** An endpoint's measured figures over the last 24 hours, as `x-latency` of its operation. */
export interface EndpointLatency {
  readonly requests: number;
  readonly availability: number | null;
  readonly p50_ms: number | null;
  readonly p95_ms: number | null;
  readonly p99_ms: number | null;
}

/** Where the served OpenAPI document takes each operation's `x-latency` from. */
export interface LatencySource {
  /** By endpoint id; an endpoint without answers may be missing. */
  last24h(): Promise<ReadonlyMap<string, EndpointLatency>>;
}

/** The {@link LatencySource}, when a module provides one (the status figures). */
export const LATENCY_SOURCE = Symbol('LATENCY_SOURCE');
