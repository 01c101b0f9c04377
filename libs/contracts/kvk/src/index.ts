export * from './kvk.endpoints.js';
export * from './kvk.subjects.js';
