export * from './demo-account.js';
export * from './gateway.app.js';
export * from './gateway.database.js';
export * from './generate-openapi.js';
