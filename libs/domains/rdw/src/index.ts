export * from './rdw.app.js';
export * from './rdw.module.js';
export * from './vehicle/rdw.mapper.js';
