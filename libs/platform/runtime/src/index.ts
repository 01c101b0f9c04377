export * from './create-app.js';
export * from './platform-root.module.js';
export * from './run-main.js';
export * from './app-part.js';
export * from './shutdown.js';
