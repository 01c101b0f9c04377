export * from './kvk.endpoints.js';
