export * from './bounded-map.js';
export * from './cache.module.js';
export * from './domain-cache.js';
