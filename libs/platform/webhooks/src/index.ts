export * from './ip-address-rules.js';
export * from './retry-after.js';
export * from './retry-schedule.js';
export * from './webhook-destination.js';
export * from './webhook-event.js';
export * from './webhook-sender.js';
export * from './webhook-signature.js';
