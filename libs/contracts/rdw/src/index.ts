export * from './plate.js';
export * from './rdw-fields.js';
export * from './rdw.endpoints.js';
export * from './rdw.subjects.js';
export * from './rdw.requests.js';
export * from './rdw.responses.js';
