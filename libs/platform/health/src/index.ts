export * from './health.controller.js';
export * from './health.module.js';
export * from './health.registry.js';
export * from './metrics.js';
export * from './outage-monitor.js';
export * from './tallied-counter.js';
export * from './tallied-histogram.js';
