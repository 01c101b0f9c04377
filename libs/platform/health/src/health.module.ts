import { Global, Module } from '@nestjs/common';
import { HealthController } from './health.controller.js';
import { HealthRegistry } from './health.registry.js';
import { collectProcessMetrics } from './metrics.js';
import { OpsEndpoints } from './ops-endpoints.js';
import { OpsServer } from './ops-server.js';
import { OutageMonitor } from './outage-monitor.js';

@Global()
@Module({
  controllers: [HealthController],
  providers: [HealthRegistry, OutageMonitor, OpsEndpoints, OpsServer],
  exports: [HealthRegistry, OutageMonitor, OpsServer],
})
export class HealthModule {
  constructor() {
    collectProcessMetrics();
  }
}
