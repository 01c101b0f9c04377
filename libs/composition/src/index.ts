export * from './env-docs.js';
export * from './parts.js';
export * from './readme-blocks.js';
export * from './deploy-lists.js';
export * from './route-map/index.js';
