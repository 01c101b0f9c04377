import type { AppPart } from '@nl/platform-runtime';
import { GatewayModule, type GatewayOptions } from './gateway.module.js';
import { setupDocs } from './openapi/docs.js';

/**
 * The gateway without accounts, limits or credits: every call is served free. Only for tests
 * and for the benchmark's unauthenticated baseline; apps use the full gateway from
 * `@nl/gateway-access`.
 */
export function openGatewayApp(options: GatewayOptions = {}): AppPart {
  return { imports: [GatewayModule.forRoot(options)], configure: setupDocs };
}
