import type { ErrorCode, FieldError } from './error-codes.js';

/** Where an answer came from: `miss` = fetched now, `hit` = fresh cache, `stale` = kept past TTL. */
export type CacheState = 'hit' | 'miss' | 'stale';

export interface ReplyMeta {
  readonly cache: CacheState;
  /** When the data was fetched from its source (ISO 8601). */
  readonly fetchedAt: string;
  /** Short name of the source, e.g. `cbs-sbi-2025`. */
  readonly source: string;
  /**
   * An answer of several sources of which at least one could not answer (its part is null):
   * charged at the endpoint's partial price.
   */
  readonly partial?: boolean;
  /** The upstream calls made for this request (see {@link UpstreamCallReport}). */
  readonly upstreams?: readonly UpstreamCallReport[];
}

/**
 * One HTTP call a service made to an upstream for a request, retries included: how long it took
 * and, when it failed, how (`timeout`, `unavailable`, `circuit_open`, `http_<status>`). A reply
 * carries the calls made for it (in `meta.upstreams`, or `error.upstreams`), so the gateway's
 * status figures count every replica's calls without asking each one.
 */
export interface UpstreamCallReport {
  readonly upstream: string;
  readonly ms: number;
  readonly error?: string;
}

/** What a service answers over the transport; the gateway sends `data` as the HTTP body. */
export interface ReplyEnvelope<T = unknown> {
  readonly data: T;
  readonly meta: ReplyMeta;
}

/** The coded error of a failed call: what a service answers as `{error}`. */
export interface RpcErrorPayload {
  readonly code: ErrorCode;
  readonly message: string;
  /** Field errors of a `validation_failed`. */
  readonly errors?: readonly FieldError[];
  /** Safe, structured extra facts (never secrets or stack traces). */
  readonly details?: Readonly<Record<string, unknown>>;
  /** A body the spec defines for this failure; sent instead of problem+json. */
  readonly body?: unknown;
  /** Seconds after which a retry may succeed (`Retry-After`). */
  readonly retryAfterSeconds?: number;
  /** Extension members of the problem+json body (RFC 9457, section 3.2), e.g. how to pay. */
  readonly members?: Readonly<Record<string, unknown>>;
  /** Correlates an `internal` error with the service's log line. */
  readonly errorId?: string;
  /** The upstream calls made for this request before it failed. */
  readonly upstreams?: readonly UpstreamCallReport[];
}

export function isRpcErrorPayload(value: unknown): value is RpcErrorPayload {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { code?: unknown }).code === 'string' &&
    typeof (value as { message?: unknown }).message === 'string'
  );
}

/**
 * What a service answers instead of an envelope when it fails (or cannot read the message): one
 * member, `error`, so a reply is told apart by its shape alone. It also carries the code in the
 * {@link ERROR_CODE_HEADER} header.
 */
export interface ServiceErrorReply {
  readonly error: RpcErrorPayload;
}

export function isServiceErrorReply(value: unknown): value is ServiceErrorReply {
  return (
    typeof value === 'object' &&
    value !== null &&
    isRpcErrorPayload((value as { error?: unknown }).error)
  );
}

/** Transport header carrying the caller's request id to the service. */
export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * What a request id may be: the gateway takes a caller's `X-Request-Id` only when it matches,
 * and a service refuses a message whose `x-request-id` does not (it ends up in every log line).
 */
export const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{8,128}$/;

/** Reply header naming the error code of an error reply; a successful reply has none. */
export const ERROR_CODE_HEADER = 'x-error-code';

/**
 * Transport header marking a sandbox call (a test key): `true` (`false` or no header: a live
 * call). The service answers from its recorded data instead of any upstream and caches apart
 * from live answers.
 */
export const SANDBOX_HEADER = 'x-sandbox';

/**
 * Transport header of a call that must not be answered from a cache (`true`): the service asks
 * its sources and stores what they answer. The gateway sets it for `Cache-Control: no-cache` or
 * `max-age=0`.
 */
export const CACHE_BYPASS_HEADER = 'x-cache-bypass';

/**
 * What a service process answers on `<queue>.status` (one subject per domain it runs): the
 * subjects it handles and, by name, whether each of its HTTP upstreams is configured. The
 * gateway reads it to tell callers which endpoints can be answered here (`/v1/account`).
 */
export interface ServiceStatus {
  readonly subjects: readonly string[];
  readonly upstreams: Readonly<Record<string, boolean>>;
  /** Each upstream's circuit breaker in the answering process. */
  readonly circuits?: Readonly<Record<string, 'closed' | 'half-open' | 'open'>>;
  /** The datasets the process serves from, with their version and when it was last current. */
  readonly datasets?: readonly DatasetStatus[];
}

export interface DatasetStatus {
  readonly name: string;
  readonly version: string | null;
  /** When the version in use was installed, or a refresh last found it current (ISO 8601). */
  readonly updatedAt: string | null;
}

/** The status subject of a domain's queue group. */
export const statusSubject = (queue: string) => `${queue}.status`;
