export * from './cases.js';
export * from './operations.js';
export * from './runner.js';
export * from './schema-values.js';
