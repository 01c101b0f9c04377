export * from './account.entity.js';
export * from './api-key.entity.js';
export * from './credit-delivery.entity.js';
export * from './credit-ledger.entity.js';
export * from './credit-reservation.entity.js';
export * from './dashboard-session.entity.js';
export * from './usage-daily.entity.js';
export * from './x402-payment.entity.js';
