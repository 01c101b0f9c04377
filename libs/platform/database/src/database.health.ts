import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { HealthRegistry } from '@nl/platform-health';
import { DataSource } from 'typeorm';

/** Readiness of the database, and the PGlite instance closed with the app. */
@Injectable()
export class DatabaseHealth implements OnApplicationShutdown {
  constructor(
    private readonly dataSource: DataSource,
    health: HealthRegistry,
  ) {
    health.register({ name: 'database', check: () => this.check() });
  }

  async check() {
    const started = performance.now();
    await this.dataSource.query('SELECT 1');
    return {
      status: 'up' as const,
      latencyMs: Math.round((performance.now() - started) * 10) / 10,
    };
  }

  async onApplicationShutdown(): Promise<void> {
    const pglite = (
      this.dataSource.options.extra as { pglite?: { close(): Promise<void> } } | undefined
    )?.pglite;
    if (this.dataSource.isInitialized) await this.dataSource.destroy();
    await pglite?.close();
  }
}
