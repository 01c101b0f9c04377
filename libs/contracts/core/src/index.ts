export * from './endpoint.types.js';
export * from './credits.js';
export * from './error-codes.js';
export * from './pagination.js';
export * from './problem.js';
export * from './transport.types.js';
export * from './query-params.js';
export * from './input/index.js';
