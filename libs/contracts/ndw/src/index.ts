export * from './ndw.endpoints.js';
export * from './ndw.subjects.js';
