export * from './rdw.endpoints.js';
