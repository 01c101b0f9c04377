import { AsyncLocalStorage } from 'node:async_hooks';
import type { UpstreamCallReport } from '@nl/contracts-core';
import { LIVE, LIVE_BYPASS, SANDBOX, SANDBOX_BYPASS, type RequestScope } from './request-scope.js';

/** What every piece of code running for one request may know about it. */
export interface RequestContext {
  readonly requestId?: string;
  /**
   * True for a call made with a test key (`nlk_test_…`): services answer from recorded data,
   * never call an upstream, and cache in a namespace of their own (docs/sandbox.md).
   */
  readonly sandbox?: boolean;
  /** The caller asked for an answer from the source, not from a cache. */
  readonly cacheBypass?: boolean;
  /**
   * Where the upstream calls made for this request are collected (a service's handling of a
   * message): its reply carries them to the caller. Without it they go to the process's sink.
   */
  readonly upstreamCalls?: UpstreamCallReport[];
}

const storage = new AsyncLocalStorage<RequestContext>();

/** Runs `fn` with a request id that every log line written inside it carries. */
export function runWithRequestId<T>(requestId: string, fn: () => T): T {
  return storage.run({ requestId }, fn);
}

/** Runs `fn` inside a request's context (id and sandbox flag). */
export function runInRequest<T>(context: RequestContext, fn: () => T): T {
  return storage.run(context, fn);
}

export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}

/**
 * The scope of the current request (live unless it is a sandbox call). Read it where a message
 * enters a domain, and pass it on: nothing deeper reads it from here.
 */
export function requestScope(): RequestScope {
  const store = storage.getStore();
  if (store?.cacheBypass === true) return store.sandbox === true ? SANDBOX_BYPASS : LIVE_BYPASS;
  return store?.sandbox === true ? SANDBOX : LIVE;
}

/** Runs `fn` outside any request (a timer started there must not carry the request's id). */
export function outsideRequest<T>(fn: () => T): T {
  return storage.exit(fn);
}

let upstreamCallSink: ((calls: readonly UpstreamCallReport[]) => void) | undefined;

/**
 * Where upstream calls go that no request collects: the gateway's status figures in a process
 * that runs one; elsewhere (a domain service's background work) they are not counted.
 */
export function setUpstreamCallSink(
  sink: ((calls: readonly UpstreamCallReport[]) => void) | undefined,
): void {
  upstreamCallSink = sink;
}

/** Notes upstream calls: in the current request's collection, else in the process's sink. */
export function noteUpstreamCalls(calls: readonly UpstreamCallReport[]): void {
  if (!calls.length) return;
  const collected = storage.getStore()?.upstreamCalls;
  if (collected) collected.push(...calls);
  else upstreamCallSink?.(calls);
}
