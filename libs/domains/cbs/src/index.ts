export * from './cbs.app.js';
export * from './cbs.config.js';
export * from './cbs.database.js';
export * from './cbs.module.js';
