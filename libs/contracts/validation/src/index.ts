export * from './dns-name.js';
export * from './validation.endpoints.js';
export * from './validation.subjects.js';
export * from './validation.requests.js';
export * from './validation.responses.js';
export * from './vat-number.js';
