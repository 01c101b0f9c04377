export * from './charge.metrics.js';
export * from './x402.entities.js';
export * from './x402-payment.entity.js';
export * from './x402.config.js';
export * from './x402.module.js';
export * from './x402.payments.js';
