export * from './admin-cli.js';
export * from './admin.module.js';
export * from './admin.service.js';
export * from './gateway.config.js';
