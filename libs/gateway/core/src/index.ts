export * from './errors/error-status.js';
export * from './errors/problem.js';
export * from './gateway.module.js';
export * from './openapi/docs.js';
export * from './openapi/openapi-document.js';
export * from './pipeline/gateway-step.js';
export * from './routes/endpoint-description.js';
export * from './gateway.app.js';
