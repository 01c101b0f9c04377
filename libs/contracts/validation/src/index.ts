export * from './validation.endpoints.js';
