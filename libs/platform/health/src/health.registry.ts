import { Injectable } from '@nestjs/common';

export interface HealthResult {
  readonly status: 'up' | 'down';
  readonly [detail: string]: unknown;
}

export interface HealthIndicator {
  readonly name: string;
  /** Resolves with details; a rejection or a `down` status marks the check down. */
  check(): Promise<HealthResult>;
  /**
   * False for a dependency the app serves without (a cache: answers come from the source):
   * down makes the app `degraded`, still ready. Default true: down makes it not ready.
   */
  readonly critical?: boolean;
  /** `dataset`: a shipped or downloaded dataset, whose version and age its result gives. */
  readonly kind?: 'dataset';
}

export type HealthStatus = 'ok' | 'degraded' | 'error';

export interface HealthReport {
  readonly status: HealthStatus;
  readonly checks: Record<string, HealthResult>;
}

const CHECK_TIMEOUT_MS = 2_000;

async function run(indicator: HealthIndicator): Promise<HealthResult> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)),
        CHECK_TIMEOUT_MS,
      );
    });
    return await Promise.race([indicator.check(), timeout]);
  } catch (error) {
    return { status: 'down', error: (error as Error).message };
  } finally {
    clearTimeout(timer);
  }
}

async function report(indicators: readonly HealthIndicator[]): Promise<HealthReport> {
  const results = await Promise.all(indicators.map(async (i) => [i, await run(i)] as const));
  const down = results.filter(([, r]) => r.status !== 'up').map(([i]) => i);
  const status: HealthStatus = down.some((i) => i.critical !== false)
    ? 'error'
    : down.length
      ? 'degraded'
      : 'ok';
  return { status, checks: Object.fromEntries(results.map(([i, r]) => [i.name, r])) };
}

/**
 * Indicators behind `/health/ready` (each module registers its own dependencies) and
 * `/health/live` (only what a restart would fix: a transport connection that gave up).
 */
@Injectable()
export class HealthRegistry {
  private readonly indicators: HealthIndicator[] = [];
  private readonly liveness: HealthIndicator[] = [];

  register(indicator: HealthIndicator): void {
    this.indicators.push(indicator);
  }

  /** A check whose failure means the process cannot heal itself and should be restarted. */
  registerLiveness(indicator: HealthIndicator): void {
    this.liveness.push(indicator);
  }

  /** The names of the readiness indicators (of one kind), in the order they were registered. */
  names(kind?: HealthIndicator['kind']): string[] {
    return this.indicators.filter((i) => !kind || i.kind === kind).map((i) => i.name);
  }

  /** Runs one readiness indicator by name (with the usual timeout); undefined if there is none. */
  async checkOne(name: string): Promise<HealthResult | undefined> {
    const indicator = this.indicators.find((i) => i.name === name);
    return indicator ? run(indicator) : undefined;
  }

  check(): Promise<HealthReport> {
    return report(this.indicators);
  }

  checkLiveness(): Promise<HealthReport> {
    return report(this.liveness);
  }
}
