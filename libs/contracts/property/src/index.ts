export * from './address-input.js';
export * from './property-sandbox.js';
export * from './property.endpoints.js';
export * from './property.requests.js';
export * from './property.responses.js';
export * from './property.subjects.js';
