export * from './ndw.endpoints.js';
