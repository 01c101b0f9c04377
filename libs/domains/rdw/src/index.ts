export * from './rdw.app.js';
export * from './rdw.config.js';
export * from './rdw.module.js';
