export * from './property.endpoints.js';
