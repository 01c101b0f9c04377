export * from './cbs.endpoints.js';
export * from './cbs.subjects.js';
export * from './sbi-code.js';
export * from './sbi.requests.js';
export * from './sbi.responses.js';
