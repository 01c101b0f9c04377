import { Global, Module } from '@nestjs/common';
import { AccessModule } from '@nl/gateway-access';
import { SpendCapAlerts } from '@nl/gateway-ledger';
import { WebhookDispatcher } from './webhook-dispatcher.js';
import { WebhookEndpoints } from './webhook-endpoints.js';
import { WebhookOutbox } from './webhook-outbox.js';
import { WebhookSpendCapAlerts } from './webhook-spend-cap-alerts.js';
import { WebhooksController } from './webhooks.controller.js';

/**
 * Account webhooks: the endpoint settings and their routes, the outbox other parts raise
 * events through, the dispatcher that sends it, and the ledger's spend-cap alerts. Global
 * because the ledger's credits step (in a lib below this one) reaches the alerts through its
 * SpendCapAlerts port, which only this module provides.
 */
@Global()
@Module({
  imports: [AccessModule],
  controllers: [WebhooksController],
  providers: [
    WebhookEndpoints,
    WebhookDispatcher,
    WebhookOutbox,
    { provide: SpendCapAlerts, useClass: WebhookSpendCapAlerts },
  ],
  exports: [WebhookEndpoints, WebhookOutbox, SpendCapAlerts],
})
export class WebhooksModule {}
