export * from './gateway-migrations.js';
export * from './system-accounts.js';
