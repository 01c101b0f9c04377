export * from './upstream/disposable/disposable.dataset.js';
export * from './disposable/disposable.service.js';
export * from './validation.app.js';
export * from './validation.config.js';
export * from './validation.database.js';
export * from './validation.module.js';
