import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { HealthRegistry } from '@nl/platform-health';
import { DataSource } from 'typeorm';
import { closeDatabase } from './open-database.js';

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
    await closeDatabase(this.dataSource);
  }
}
