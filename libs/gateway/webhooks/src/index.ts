export * from './entities/webhook-delivery.entity.js';
export * from './entities/webhook-endpoint.entity.js';
export * from './webhooks.entities.js';
