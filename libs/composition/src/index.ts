export * from './env-docs.js';
export * from './parts.js';
export * from './generated-blocks.js';
