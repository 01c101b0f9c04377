export * from './dataset.js';
export * from './dataset-runner.js';
export * from './json-array.js';
export * from './table-dataset.js';
export * from './versioned-table.js';
export { readLines, readText, type DownloadOptions } from './download.js';
export * from './xml.js';
