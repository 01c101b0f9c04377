export * from './config-error.js';
export * from './config-section.js';
export * from './config.module.js';
export * from './env-vars.js';
export * from './pglite-dir.js';
export * from './platform-config.js';
export * from './trusted-proxies.js';
