import { GATEWAY_HTTP, GatewayModule, type GatewayOptions } from '@nl/gateway-core';
import type { AppPart } from '@nl/platform-runtime';
import { ACCESS_STEPS, AccessModule } from './access.module.js';
import { configureDashboardForms } from './dashboard/dashboard-forms.js';
import { GATEWAY_CONFIG } from './gateway.config.js';
import { GATEWAY_DATABASE } from './gateway.database.js';
import { X402_CONFIG } from './x402/x402.config.js';

/**
 * The public gateway as a part of a process: catalog routes behind authentication, tier gate,
 * rate limits and credits; account and admin routes; its tables; docs.
 */
export function gatewayApp(options: Pick<GatewayOptions, 'catalog'> = {}): AppPart {
  return {
    imports: [GatewayModule.forRoot({ ...options, steps: ACCESS_STEPS, imports: [AccessModule] })],
    config: [GATEWAY_CONFIG, X402_CONFIG],
    database: [GATEWAY_DATABASE],
    fastify: GATEWAY_HTTP.fastify,
    configure: async (app) => {
      configureDashboardForms(app);
      await GATEWAY_HTTP.configure?.(app);
    },
  };
}
