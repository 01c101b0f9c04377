import { ACCESS_ENTITIES } from '@nl/gateway-access';
import { BATCH_ENTITIES } from '@nl/gateway-batches';
import { DASHBOARD_ENTITIES } from '@nl/gateway-dashboard';
import { LEDGER_ENTITIES } from '@nl/gateway-ledger';
import { GATEWAY_MIGRATIONS } from '@nl/gateway-persistence';
import { WEBHOOK_ENTITIES } from '@nl/gateway-webhooks';
import { X402_ENTITIES } from '@nl/gateway-x402';
import type { DatabaseFeature } from '@nl/platform-database';

/**
 * The gateway's tables in schema `gw`: each lib's entities, and the one migration chain that
 * builds them all. The entities describe the tables (a test checks they match the migrations);
 * the credit operations are single SQL statements over them (CreditsService).
 */
export const GATEWAY_DATABASE: DatabaseFeature = {
  entities: [
    ...ACCESS_ENTITIES,
    ...LEDGER_ENTITIES,
    ...DASHBOARD_ENTITIES,
    ...X402_ENTITIES,
    ...BATCH_ENTITIES,
    ...WEBHOOK_ENTITIES,
  ],
  migrations: GATEWAY_MIGRATIONS,
};
