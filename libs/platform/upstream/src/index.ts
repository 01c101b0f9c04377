export * from './upstream-client.js';
export * from './upstream-error.js';
export * from './upstream-errors.js';
export * from './upstream.health.js';
export * from './upstream.module.js';
export * from './recorded-upstream.js';
export * from './upstream-answer.js';
