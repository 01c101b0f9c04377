export * from './cbs.database.js';
export * from './cbs.module.js';
export * from './cbs.app.js';
