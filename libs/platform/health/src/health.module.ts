import { Global, Module } from '@nestjs/common';
import { HealthController } from './health.controller.js';
import { HealthRegistry } from './health.registry.js';
import { collectProcessMetrics } from './metrics.js';
import { OutageMonitor } from './outage-monitor.js';

@Global()
@Module({
  controllers: [HealthController],
  providers: [HealthRegistry, OutageMonitor],
  exports: [HealthRegistry, OutageMonitor],
})
export class HealthModule {
  constructor() {
    collectProcessMetrics();
  }
}
