import { bagRecording, recordedBag } from './upstream/bag/bag.recording.js';
import { epOnlineRecording, recordedEpOnline } from './upstream/ep-online/ep-online.recording.js';
import { plansRecording, recordedPlans } from './upstream/plans/plans.recording.js';
import { pdokRecording, recordedPdok } from './upstream/pdok/pdok.recording.js';
import { recordedWoz, wozRecording } from './upstream/woz/woz.recording.js';

export * from './property.app.js';
export * from './property.config.js';
export * from './property.module.js';
export { bagRecording, pdokRecording, recordedBag, recordedPdok, recordedWoz, wozRecording };
// For the bench's service-side measurement of a cached suggest.
export { AddressService } from './address/address.service.js';
export { BAG_UPSTREAM, BagClient } from './upstream/bag/bag.client.js';
export { PDOK_UPSTREAM, PdokClient } from './upstream/pdok/pdok.client.js';

/** The five recordings with their data, as the tests' fakes take them (`PropertyFakes.start`). */
export const PROPERTY_RECORDINGS = {
  pdok: { recording: pdokRecording, data: recordedPdok },
  bag: { recording: bagRecording, data: recordedBag },
  woz: { recording: wozRecording, data: recordedWoz },
  epOnline: { recording: epOnlineRecording, data: recordedEpOnline },
  plans: { recording: plansRecording, data: recordedPlans },
} as const;
