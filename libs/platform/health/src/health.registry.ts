import { Injectable } from '@nestjs/common';

export interface HealthResult {
  readonly status: 'up' | 'down';
  readonly [detail: string]: unknown;
}

export interface HealthIndicator {
  readonly name: string;
  /** Resolves with details; a rejection or a `down` status makes the app not ready. */
  check(): Promise<HealthResult>;
}

const CHECK_TIMEOUT_MS = 2_000;

/** Indicators that decide `/health/ready`; each module registers its own dependencies. */
@Injectable()
export class HealthRegistry {
  private readonly indicators: HealthIndicator[] = [];

  register(indicator: HealthIndicator): void {
    this.indicators.push(indicator);
  }

  async check(): Promise<{ status: 'ok' | 'error'; checks: Record<string, HealthResult> }> {
    const results = await Promise.all(
      this.indicators.map(async (indicator) => {
        try {
          const timeout = new Promise<never>((_, reject) =>
            setTimeout(
              () => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)),
              CHECK_TIMEOUT_MS,
            ).unref(),
          );
          return [indicator.name, await Promise.race([indicator.check(), timeout])] as const;
        } catch (error) {
          return [indicator.name, { status: 'down', error: (error as Error).message }] as const;
        }
      }),
    );
    const checks = Object.fromEntries(results) as Record<string, HealthResult>;
    const ok = Object.values(checks).every((c) => c.status === 'up');
    return { status: ok ? 'ok' : 'error', checks };
  }
}
