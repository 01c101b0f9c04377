export * from './discovery-links.js';
export * from './discovery.module.js';
export * from './llms-files.js';
export * from './llms-full-text.js';
export * from './llms-text.js';
export * from './sandbox-answers.js';
