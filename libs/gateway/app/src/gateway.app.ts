import { AccessModule, AuthStep, RateLimitStep, TierStep } from '@nl/gateway-access';
import { AdminModule, GATEWAY_CONFIG } from '@nl/gateway-admin';
import { BATCH_CONFIG, BatchesModule, configureBatchUploads } from '@nl/gateway-batches';
import { configureDashboardForms, DashboardModule } from '@nl/gateway-dashboard';
import { DiscoveryModule } from '@nl/gateway-discovery';
import { CreditsStep, LedgerModule } from '@nl/gateway-ledger';
import { STATUS_CONFIG, StatusModule } from '@nl/gateway-status';
import { configureMcp } from '@nl/gateway-mcp';
import { WEBHOOKS_CONFIG, WebhooksModule } from '@nl/gateway-webhooks';
import { X402_CONFIG } from '@nl/gateway-x402';
import { GATEWAY_HTTP, GatewayModule, type GatewayOptions } from '@nl/gateway-core';
import type { AppPart } from '@nl/platform-runtime';
import { GATEWAY_DATABASE } from './gateway.database.js';

/**
 * The access steps of every catalog call, in order: who calls (a key or an x402 payment),
 * whether the tier may call the endpoint, the rate limits, then the credits.
 */
export const GATEWAY_STEPS = [AuthStep, TierStep, RateLimitStep, CreditsStep];

/**
 * The public gateway as a part of a process: catalog routes behind authentication, tier gate,
 * rate limits and credits; account, webhook, batch, dashboard and admin routes; the webhook
 * dispatcher and the batch worker; its tables; docs; the front door (`/`, llms.txt,
 * robots.txt); the public status (/status, /status.json); the MCP server at /mcp.
 */
export function gatewayApp(options: Pick<GatewayOptions, 'catalog'> = {}): AppPart {
  return {
    imports: [
      GatewayModule.forRoot({
        ...options,
        steps: GATEWAY_STEPS,
        imports: [
          AccessModule,
          LedgerModule,
          WebhooksModule,
          AdminModule,
          DashboardModule,
          DiscoveryModule,
          BatchesModule,
          StatusModule,
        ],
      }),
    ],
    config: [GATEWAY_CONFIG, X402_CONFIG, WEBHOOKS_CONFIG, BATCH_CONFIG, STATUS_CONFIG],
    database: [GATEWAY_DATABASE],
    fastify: GATEWAY_HTTP.fastify,
    configure: async (app) => {
      configureDashboardForms(app);
      configureBatchUploads(app);
      await GATEWAY_HTTP.configure?.(app);
      configureMcp(app);
    },
  };
}
