export * from './health.controller.js';
export * from './health.module.js';
export * from './health.registry.js';
export * from './metrics.js';
export * from './outage-monitor.js';
export * from './ops-endpoints.js';
export * from './ops-server.js';
export * from './sampled-gauge.js';
