export * from './logger.js';
export * from './logging.module.js';
export * from './nest-logger.js';
