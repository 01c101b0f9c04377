// A steady open-loop load: requests leave at a fixed rate whatever the answers do (a slow
// gateway must not slow the callers down, or a hang would hide itself), up to a cap on requests
// in flight. Every request is recorded with what came back, or the socket error.
import type { EndpointName, PlannedRequest, Workload } from './workload.js';

export interface Outcome {
  readonly id: string;
  readonly endpoint: EndpointName;
  /** Method and path, to tell which request misbehaved. */
  readonly request: string;
  /** performance.now() when sent, and when the headers (or the error) arrived. */
  readonly sentAt: number;
  answeredAt?: number;
  status?: number;
  contentType?: string;
  /** X-Credits-Charged as sent ("0.10"), null when absent. */
  charged?: string | null;
  retryAfter?: string | null;
  /** The problem's `code`, when the body is JSON with one. */
  code?: string;
  /** No HTTP answer: the socket error (ECONNREFUSED, ECONNRESET, …) or `client_timeout`. */
  error?: string;
  /** The socket error's message ("other side closed"), for the report. */
  errorDetail?: string;
}

export interface LoadOptions {
  readonly baseUrl: string;
  readonly rps: number;
  readonly maxInFlight: number;
  readonly timeoutMs: number;
  /** Makes request ids unique across runs: `[A-Za-z0-9._:-]{8,128}`. */
  readonly runTag: string;
}

const TICK_MS = 10;

export class Load {
  readonly outcomes: Outcome[] = [];
  /** When a request was not sent because `maxInFlight` were still open. */
  private readonly skips: number[] = [];
  private readonly open = new Set<Promise<void>>();
  private timer?: NodeJS.Timeout;
  private budget = 0;
  private lastTick = 0;
  private sequence = 0;

  constructor(
    private readonly workload: Workload,
    private readonly options: LoadOptions,
  ) {}

  /** The client's own timeout per request. */
  get timeoutMs(): number {
    return this.options.timeoutMs;
  }

  skippedBetween(from: number, until: number): number {
    return this.skips.filter((at) => at >= from && at < until).length;
  }

  /** Starts (or resumes) sending. */
  start(): void {
    if (this.timer) return;
    this.lastTick = performance.now();
    this.timer = setInterval(() => this.tick(), TICK_MS);
  }

  /** Stops sending and waits until every request sent has its answer or error. */
  async pause(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    this.budget = 0;
    while (this.open.size) await Promise.all([...this.open]);
  }

  /**
   * `count` extra requests spread evenly over `spreadMs`, on top of the steady rate: a fault
   * then strikes with many requests half done (reserved but not settled, waiting on a reply).
   */
  burst(count: number, spreadMs: number): void {
    for (let i = 0; i < count; i++)
      setTimeout(() => this.send(this.workload.next()), (i * spreadMs) / count);
  }

  private tick(): void {
    const now = performance.now();
    this.budget += ((now - this.lastTick) * this.options.rps) / 1000;
    this.lastTick = now;
    for (; this.budget >= 1; this.budget--) {
      if (this.open.size >= this.options.maxInFlight) this.skips.push(now);
      else this.send(this.workload.next());
    }
  }

  private send(planned: PlannedRequest): void {
    const id = `${this.options.runTag}-${String(++this.sequence).padStart(6, '0')}`;
    const outcome: Outcome = {
      id,
      endpoint: planned.endpoint,
      request: `${planned.method} ${planned.path}`,
      sentAt: performance.now(),
    };
    this.outcomes.push(outcome);
    const done = this.perform(planned, outcome).finally(() => this.open.delete(done));
    this.open.add(done);
  }

  private async perform(planned: PlannedRequest, outcome: Outcome): Promise<void> {
    const headers: Record<string, string> = {
      'x-api-key': planned.key,
      'x-request-id': outcome.id,
    };
    if (planned.body) headers['content-type'] = 'application/json';
    try {
      const res = await fetch(`${this.options.baseUrl}${planned.path}`, {
        method: planned.method,
        headers,
        body: planned.body,
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
      outcome.answeredAt = performance.now();
      outcome.status = res.status;
      outcome.contentType = res.headers.get('content-type') ?? '';
      outcome.charged = res.headers.get('x-credits-charged');
      outcome.retryAfter = res.headers.get('retry-after');
      outcome.code = codeOf(await res.text());
    } catch (error) {
      outcome.answeredAt ??= performance.now();
      outcome.error = errorName(error);
      outcome.errorDetail = (error as { cause?: { message?: string } }).cause?.message;
    }
  }
}

function codeOf(body: string): string | undefined {
  try {
    const parsed = JSON.parse(body) as { code?: unknown };
    return typeof parsed?.code === 'string' ? parsed.code : undefined;
  } catch {
    return undefined;
  }
}

/** fetch hides the socket error in `cause`; a timeout is the AbortSignal's TimeoutError. */
function errorName(error: unknown): string {
  const err = error as { name?: string; cause?: { code?: string; name?: string } };
  if (err.name === 'TimeoutError') return 'client_timeout';
  return err.cause?.code ?? err.cause?.name ?? err.name ?? 'unknown';
}
