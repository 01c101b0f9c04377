export * from './status-report.js';
export * from './status-page.js';
