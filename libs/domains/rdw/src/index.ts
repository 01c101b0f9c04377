export * from './rdw.app.js';
export * from './rdw.config.js';
export * from './rdw.module.js';
export { RDW_TRIGGER_PLATES, rdwRecording, recordedRows } from './upstream/rdw/rdw.recording.js';
