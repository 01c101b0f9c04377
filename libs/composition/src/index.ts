export * from './env-docs.js';
export * from './parts.js';
