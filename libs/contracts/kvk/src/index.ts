export * from './kvk-sbi-activity.js';
export * from './kvk-search.requests.js';
export * from './kvk-search.responses.js';
export * from './kvk.endpoints.js';
export * from './kvk.requests.js';
export * from './kvk.responses.js';
export * from './kvk.subjects.js';
