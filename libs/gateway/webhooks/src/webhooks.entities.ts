import { WebhookDeliveryEntity } from './entities/webhook-delivery.entity.js';
import { WebhookEndpointEntity } from './entities/webhook-endpoint.entity.js';

/** The tables of account webhooks, for the gateway's database. */
export const WEBHOOK_ENTITIES = [WebhookEndpointEntity, WebhookDeliveryEntity];
