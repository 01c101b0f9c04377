export * from './disposable/disposable-domains.js';
export * from './disposable/disposable.service.js';
export * from './validation.app.js';
export * from './validation.config.js';
export * from './validation.database.js';
export * from './validation.module.js';
