import { counter, histogram, sampledGauge } from '@nl/platform-health';
import { noteUpstreamCalls } from '@nl/platform-context';
import {
  BrokenCircuitError,
  CircuitState,
  ConsecutiveBreaker,
  ExponentialBackoff,
  TaskCancelledError,
  circuitBreaker,
  handleWhen,
  retry,
  wrap,
  type CircuitBreakerPolicy,
  type IPolicy,
} from 'cockatiel';
import { UpstreamError } from './upstream-error.js';

export interface UpstreamOptions {
  /** Short name for logs, metrics and health (`vies`, `rdw`, …). */
  readonly name: string;
  readonly baseUrl: string;
  /** Per attempt; the sum over attempts must stay under the gateway timeout of the endpoint. */
  readonly timeoutMs: number;
  /** Extra attempts after the first for failures (default 1: bounded, never a storm). */
  readonly retries?: number;
  /** First back-off delay; it doubles per attempt (default 250 ms). */
  readonly backoffMs?: number;
  /** Consecutive failures that open the circuit (default 5). */
  readonly breakAfter?: number;
  /** How long an open circuit refuses calls before one trial call (default 30 s). */
  readonly halfOpenAfterMs?: number;
  /** Headers sent on every call (e.g. an app token). */
  readonly headers?: Record<string, string>;
  /**
   * Which answers count as a failure of the upstream (retried, and counted by the breaker).
   * Default: 429 and 5xx. An upstream that reports a partial outage in its body (VIES: one
   * member state down) should not open the circuit for everything else.
   */
  readonly isFailure?: (response: UpstreamResponse) => boolean;
}

export interface UpstreamRequest {
  readonly method?: 'GET' | 'POST';
  /** Path below the base URL, e.g. `/check-vat-number`. */
  readonly path: string;
  /** A list is sent as the parameter repeated (`type=a&type=b`). */
  readonly query?: Record<string, string | number | readonly string[] | undefined>;
  /** Sent as JSON. */
  readonly json?: unknown;
  readonly headers?: Record<string, string>;
}

export interface UpstreamResponse<T = unknown> {
  readonly status: number;
  readonly headers: Headers;
  /** Parsed JSON when the answer was JSON, else the text. */
  readonly body: T;
  /** Milliseconds of the last attempt. */
  readonly ms: number;
  readonly attempts: number;
}

const calls = counter({
  name: 'upstream_requests_total',
  help: 'Upstream HTTP attempts by upstream and outcome (status code, timeout, network, open).',
  labelNames: ['upstream', 'outcome'] as const,
});
const latency = histogram({
  name: 'upstream_request_duration_seconds',
  help: 'Upstream HTTP attempt duration.',
  labelNames: ['upstream'] as const,
  buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
});

const circuit = sampledGauge({
  name: 'upstream_circuit_state',
  help: 'Circuit breaker state per upstream: 0 closed, 1 half-open (one trial call), 2 open (calls refused).',
  labelNames: ['upstream'] as const,
});

/** The gauge's number for a breaker state; isolated (held open by hand) counts as open. */
const CIRCUIT_VALUE: Record<CircuitState, number> = {
  [CircuitState.Closed]: 0,
  [CircuitState.HalfOpen]: 1,
  [CircuitState.Open]: 2,
  [CircuitState.Isolated]: 2,
};

const defaultFailure = (r: UpstreamResponse) => r.status === 429 || r.status >= 500;

/** A thrown network error or attempt timeout, as the policies see it. */
class AttemptFailed extends Error {
  constructor(
    readonly kind: 'timeout' | 'unavailable',
    override readonly cause: unknown,
  ) {
    super(kind);
  }
}

/**
 * One HTTP upstream with a timeout per attempt, bounded retries with exponential back-off, and
 * a circuit breaker (cockatiel), so a dead upstream costs callers one fast error instead of a
 * timeout each. Answers of any status are returned for the caller to interpret; only "could
 * not get an answer" throws {@link UpstreamError}.
 */
export class UpstreamClient {
  readonly name: string;
  private readonly breaker: CircuitBreakerPolicy;
  private readonly policy: IPolicy;
  private readonly isFailure: (response: UpstreamResponse) => boolean;
  private lastSuccessAt: string | null = null;
  private lastFailure: { at: string; reason: string } | null = null;

  constructor(private readonly options: UpstreamOptions) {
    this.name = options.name;
    this.isFailure = options.isFailure ?? defaultFailure;
    const failures = handleWhen((e) => e instanceof AttemptFailed).orWhenResult((r) =>
      this.isFailure(r as UpstreamResponse),
    );
    this.breaker = circuitBreaker(failures, {
      halfOpenAfter: options.halfOpenAfterMs ?? 30_000,
      breaker: new ConsecutiveBreaker(options.breakAfter ?? 5),
    });
    const retries = retry(failures, {
      maxAttempts: options.retries ?? 1,
      backoff: new ExponentialBackoff({
        initialDelay: options.backoffMs ?? 250,
        maxDelay: 2_000,
      }),
    });
    // Retry outside the breaker: an open circuit is not retried, each attempt is counted.
    this.policy = wrap(retries, this.breaker);
    circuit.track(this.name, this, (client) => ({
      labels: { upstream: client.name },
      value: CIRCUIT_VALUE[client.breaker.state],
    }));
  }

  /** Breaker state and the last outcomes, for a health indicator. */
  status() {
    const state = this.breaker.state;
    return {
      circuit:
        state === CircuitState.Closed
          ? 'closed'
          : state === CircuitState.HalfOpen
            ? 'half-open'
            : 'open',
      lastSuccessAt: this.lastSuccessAt,
      lastFailure: this.lastFailure,
    };
  }

  async request<T = unknown>(request: UpstreamRequest): Promise<UpstreamResponse<T>> {
    const started = performance.now();
    const report = (error?: string) =>
      noteUpstreamCalls([
        {
          upstream: this.name,
          ms: Math.round((performance.now() - started) * 100) / 100,
          ...(error && { error }),
        },
      ]);
    let attempts = 0;
    try {
      const response = await this.policy.execute(async () => {
        attempts += 1;
        return this.attempt(request, attempts);
      });
      const final = response as UpstreamResponse<T>;
      if (this.isFailure(final)) {
        this.noteFailure(`HTTP ${final.status}`);
        report(`http_${final.status}`);
      } else {
        this.lastSuccessAt = new Date().toISOString();
        report();
      }
      return final;
    } catch (error) {
      if (error instanceof BrokenCircuitError) {
        calls.inc({ upstream: this.name, outcome: 'circuit_open' });
        report('circuit_open');
        throw new UpstreamError(
          this.name,
          'circuit_open',
          `${this.name} failed repeatedly; calls are paused for a short while`,
          error,
        );
      }
      if (error instanceof AttemptFailed) {
        this.noteFailure(error.kind);
        report(error.kind);
        throw new UpstreamError(
          this.name,
          error.kind,
          error.kind === 'timeout'
            ? `${this.name} did not answer within ${this.options.timeoutMs} ms`
            : `${this.name} could not be reached`,
          error.cause,
        );
      }
      throw error;
    }
  }

  private async attempt(request: UpstreamRequest, attempt: number): Promise<UpstreamResponse> {
    const url = new URL(request.path.replace(/^\//, ''), this.options.baseUrl.replace(/\/?$/, '/'));
    for (const [key, value] of Object.entries(request.query ?? {}))
      if (Array.isArray(value)) for (const item of value) url.searchParams.append(key, item);
      else if (value !== undefined) url.searchParams.set(key, String(value));
    const started = performance.now();
    try {
      const response = await fetch(url, {
        method: request.method ?? (request.json === undefined ? 'GET' : 'POST'),
        headers: {
          accept: 'application/json',
          ...(request.json !== undefined && { 'content-type': 'application/json' }),
          ...this.options.headers,
          ...request.headers,
        },
        body: request.json === undefined ? undefined : JSON.stringify(request.json),
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
      const text = await response.text();
      const ms = performance.now() - started;
      latency.observe({ upstream: this.name }, ms / 1000);
      calls.inc({ upstream: this.name, outcome: String(response.status) });
      let body: unknown = text;
      if ((response.headers.get('content-type') ?? '').includes('json') && text) {
        try {
          body = JSON.parse(text);
        } catch {
          body = text;
        }
      }
      return { status: response.status, headers: response.headers, body, ms, attempts: attempt };
    } catch (error) {
      const timedOut =
        error instanceof TaskCancelledError ||
        (error instanceof DOMException && error.name === 'TimeoutError');
      calls.inc({ upstream: this.name, outcome: timedOut ? 'timeout' : 'network' });
      throw new AttemptFailed(timedOut ? 'timeout' : 'unavailable', error);
    }
  }

  private noteFailure(reason: string) {
    this.lastFailure = { at: new Date().toISOString(), reason };
  }
}
