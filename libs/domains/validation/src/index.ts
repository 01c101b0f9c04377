export * from './upstream/disposable/disposable.dataset.js';
export * from './disposable/disposable.service.js';
export * from './validation.app.js';
export * from './validation.config.js';
export * from './validation.database.js';
export * from './validation.module.js';
export {
  VIES_TRIGGER_NUMBERS,
  ViesRecording,
  recordedRegistry,
  type ViesRegistration,
} from './upstream/vies/vies.recording.js';
export { DNS_TRIGGER_NAMES, RECORDED_DNS_ZONE } from './upstream/dns/dns.recording.js';
