export * from './bounded-map.js';
export * from './cache-key.js';
export * from './cache.module.js';
export * from './domain-cache.js';
export * from './failover-store.js';
export * from './memory-store.js';
export * from './redis-client.js';
export * from './reply-envelope.js';
