export * from './data-source-options.js';
export * from './database.health.js';
export * from './database.module.js';
export * from './migrate.js';
export * from './open-database.js';
export * from './data-dir-lock.js';
export * from './pglite-template.js';
export * from './pglite-thread.js';
