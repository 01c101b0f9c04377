export * from './env-docs.js';
export * from './parts.js';
export * from './generated-blocks.js';
export * from './deploy-lists.js';
export * from './route-map/index.js';
export * from './llms-files.js';
