export * from './latency-histogram.js';
export * from './status-page.js';
export * from './status-report.js';
export * from './status.config.js';
export * from './status.module.js';
export * from './status.service.js';
export * from './status-samples.js';
