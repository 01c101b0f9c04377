export * from './request-context.js';
export * from './request-scope.js';
