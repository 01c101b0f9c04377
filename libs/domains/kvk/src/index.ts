export * from './kvk.app.js';
export * from './kvk.config.js';
export * from './kvk.module.js';
export { kvkRecording, recordedKvkAnswer } from './upstream/kvk/kvk.recording.js';
