import { Inject, Injectable, Optional, type OnApplicationShutdown } from '@nestjs/common';
import { outsideRequest } from '@nl/platform-context';
import { LOGGER, type Logger } from '@nl/platform-logging';
import { HealthRegistry } from './health.registry.js';

/** How often a dependency reported down is checked again until it answers. */
const PROBE_INTERVAL_MS = 1_000;

interface Outage {
  readonly since: number;
  readonly timer: NodeJS.Timeout;
  probing: boolean;
}

/**
 * Infrastructure outages (database, transport) as state changes: the first failure of a
 * dependency is logged once, then its readiness indicator is re-checked every second until it
 * answers, which is logged once more with the outage's length. During the outage every request
 * still fails fast with its 503, but the log holds two lines instead of one per request.
 */
@Injectable()
export class OutageMonitor implements OnApplicationShutdown {
  private readonly outages = new Map<string, Outage>();

  constructor(
    private readonly health: HealthRegistry,
    @Optional() @Inject(LOGGER) private readonly logger?: Logger,
  ) {}

  /** A call failed because `dependency` (a readiness indicator's name) is unreachable. */
  report(dependency: string, error: unknown): void {
    if (this.outages.has(dependency)) return;
    this.logger?.error({ dependency, err: error }, `${dependency} unavailable`);
    const timer = outsideRequest(() =>
      setInterval(() => void this.probe(dependency), PROBE_INTERVAL_MS).unref(),
    );
    this.outages.set(dependency, { since: Date.now(), timer, probing: false });
  }

  isDown(dependency: string): boolean {
    return this.outages.has(dependency);
  }

  private async probe(dependency: string): Promise<void> {
    const outage = this.outages.get(dependency);
    if (!outage || outage.probing) return;
    outage.probing = true;
    try {
      const result = await this.health.checkOne(dependency);
      if (!result || result.status === 'up') this.recovered(dependency, outage);
    } catch {
      // still down: the next probe tries again
    } finally {
      outage.probing = false;
    }
  }

  private recovered(dependency: string, outage: Outage): void {
    clearInterval(outage.timer);
    this.outages.delete(dependency);
    const seconds = Math.round((Date.now() - outage.since) / 100) / 10;
    this.logger?.info({ dependency, downSeconds: seconds }, `${dependency} available again`);
  }

  onApplicationShutdown(): void {
    for (const outage of this.outages.values()) clearInterval(outage.timer);
    this.outages.clear();
  }
}
