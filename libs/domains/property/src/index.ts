export * from './property.app.js';
export * from './property.config.js';
export * from './property.module.js';
export { propertyRecording } from './upstream/property/property.recording.js';
