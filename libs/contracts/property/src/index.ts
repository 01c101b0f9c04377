export * from './property.endpoints.js';
export * from './property.subjects.js';
