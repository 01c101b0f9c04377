export * from './property.app.js';
export * from './property.config.js';
export * from './property.module.js';
export { bagRecording, recordedBag, type BagRecorded } from './upstream/bag/bag.recording.js';
export { pdokRecording, recordedPdok, type PdokRecorded } from './upstream/pdok/pdok.recording.js';
export { recordedWoz, wozRecording, type WozRecorded } from './upstream/woz/woz.recording.js';
// For the bench's service-side measurement and the integration specs' composition.
export { AddressService } from './address/address.service.js';
export { BAG_UPSTREAM, BagClient } from './upstream/bag/bag.client.js';
export { PDOK_UPSTREAM, PdokClient } from './upstream/pdok/pdok.client.js';
