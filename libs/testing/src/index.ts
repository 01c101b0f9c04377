export * from './log-capture.js';
export * from './test-profile.js';
