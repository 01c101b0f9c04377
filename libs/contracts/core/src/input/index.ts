export * from './input-schema.js';
export * from './text.js';
export * from './wire.js';
