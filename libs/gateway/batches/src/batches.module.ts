import { Module } from '@nestjs/common';
import { AccessModule } from '@nl/gateway-access';
import { LedgerModule } from '@nl/gateway-ledger';
import { PLATFORM_CONFIG, type PlatformConfig } from '@nl/platform-config';
import { LOGGER, type Logger } from '@nl/platform-logging';
import { TransportClientModule } from '@nl/platform-transport';
import { WebhookOutbox } from '@nl/gateway-webhooks';
import { BatchCatalog } from './batch-catalog.js';
import { BatchCharges } from './batch-charges.js';
import { BATCH_WEBHOOKS } from './batch-events.js';
import { BATCH_QUEUE } from './batch-queue.js';
import { BatchStore } from './batch-store.js';
import { BatchUpkeep } from './batch-upkeep.js';
import { BatchUpkeepStore } from './batch-upkeep.store.js';
import { BatchWebhookUrls } from './batch-webhook-urls.js';
import { BatchWorker } from './batch-worker.js';
import { BATCH_CONFIG, type BatchSettings } from './batches.config.js';
import { BatchesController } from './batches.controller.js';
import { BatchesService } from './batches.service.js';
import { JetStreamBatchQueue } from './jetstream-batch-queue.js';
import { MemoryBatchQueue } from './memory-batch-queue.js';

/**
 * Batch jobs: the routes, the queue (JetStream where the processes talk over NATS, else in
 * process), the worker every gateway process runs (BATCH_WORKERS), and the upkeep.
 */
@Module({
  imports: [AccessModule, LedgerModule, TransportClientModule],
  controllers: [BatchesController],
  providers: [
    {
      provide: BATCH_QUEUE,
      inject: [PLATFORM_CONFIG, BATCH_CONFIG.token, LOGGER],
      useFactory: (config: PlatformConfig, settings: BatchSettings, logger: Logger) =>
        config.transport.kind === 'nats'
          ? new JetStreamBatchQueue(
              config.transport.servers,
              logger.child({ context: 'batches' }),
              settings.stream,
            )
          : new MemoryBatchQueue(),
    },
    // A job's end is raised through the account webhooks' outbox (a global module).
    { provide: BATCH_WEBHOOKS, useExisting: WebhookOutbox },
    BatchCatalog,
    BatchStore,
    BatchUpkeepStore,
    BatchCharges,
    BatchWebhookUrls,
    BatchesService,
    BatchWorker,
    BatchUpkeep,
  ],
  exports: [BatchesService, BatchStore, BatchUpkeep, BatchWorker],
})
export class BatchesModule {}
