export * from './endpoint-catalog.js';
