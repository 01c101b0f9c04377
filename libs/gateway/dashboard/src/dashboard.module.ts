import { Module } from '@nestjs/common';
import { AccessModule } from '@nl/gateway-access';
import { BatchesModule } from '@nl/gateway-batches';
import { DashboardAssetsController } from './dashboard-assets.controller.js';
import { DashboardBatchesController } from './dashboard-batches.controller.js';
import { DashboardFlash } from './dashboard-flash.js';
import { DashboardKeyRollController } from './dashboard-key-roll.controller.js';
import { DashboardKeysController } from './dashboard-keys.controller.js';
import { DashboardWebhooksController } from './dashboard-webhooks.controller.js';
import { DashboardSessions } from './dashboard-sessions.js';
import { DashboardController } from './dashboard.controller.js';
import { SessionStore } from './session.store.js';

/**
 * The customer dashboard: sign-in with a key, the account's usage and balance, its keys, its
 * webhooks and its batch jobs.
 */
@Module({
  imports: [AccessModule, BatchesModule],
  controllers: [
    DashboardController,
    DashboardKeysController,
    DashboardKeyRollController,
    DashboardWebhooksController,
    DashboardBatchesController,
    DashboardAssetsController,
  ],
  providers: [SessionStore, DashboardSessions, DashboardFlash],
  exports: [SessionStore, DashboardSessions],
})
export class DashboardModule {}
