export * from './status-report.js';
