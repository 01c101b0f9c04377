export * from './dataset.js';
export * from './dataset-runner.js';
export { readLines, readText, type DownloadOptions } from './download.js';
