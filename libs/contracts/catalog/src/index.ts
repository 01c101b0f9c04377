export * from './endpoint-catalog.js';
export * from './domain-contracts.js';
