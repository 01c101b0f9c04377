import type { AppPart } from '@nl/platform-runtime';
import { configureCors } from './edge/cors.js';
import { configureEdge, edgeServerOptions } from './edge/edge.js';
import { configureOptions } from './edge/options.js';
import { configureStaticCaching } from './edge/static-caching.js';
import { GatewayModule, type GatewayOptions } from './gateway.module.js';
import { setupDocs } from './openapi/docs.js';

/**
 * What every gateway part adds to its process: CORS for the public API, the hardened edge
 * (problem+json for what the server refuses before routing, guarded JSON bodies, shutdown
 * answers), `OPTIONS` with each path's `Allow`, compression and conditional requests for the free documents, and the docs.
 */
export const GATEWAY_HTTP: Pick<AppPart, 'fastify' | 'configure'> = {
  fastify: edgeServerOptions(),
  configure: async (app) => {
    // First: the edge's own refusals (e.g. 503 while shutting down) are readable by a page too.
    configureCors(app);
    configureEdge(app);
    configureOptions(app);
    // Before the docs routes: compression attaches itself to the routes added after it.
    await configureStaticCaching(app);
    setupDocs(app);
  },
};

/**
 * The gateway without accounts, limits or credits: every call is served free. Only for tests
 * and for the benchmark's unauthenticated baseline; apps use the full gateway from
 * `@nl/gateway-app`.
 */
export function openGatewayApp(options: GatewayOptions = {}): AppPart {
  return { imports: [GatewayModule.forRoot(options)], ...GATEWAY_HTTP };
}
