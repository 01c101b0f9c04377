import type { OpenAPIObject } from '@nestjs/swagger';
import type { EndpointDefinition } from '@nl/contracts-core';
import { loadPlatformConfig } from '@nl/platform-config';
import { createLogger } from '@nl/platform-logging';
import { composeApp, createApp } from '@nl/platform-runtime';
import { createOpenApiDocument } from '@nl/gateway-core';
import { gatewayApp } from './gateway.app.js';

/**
 * The OpenAPI document as the gateway serves it, built without a network: an in-process
 * gateway that is never listened on. `npm run openapi` writes it to `openapi.json`; a test
 * fails when the committed file drifts from it.
 */
export async function generateOpenApiDocument(
  catalog?: readonly EndpointDefinition[],
): Promise<OpenAPIObject> {
  const config = loadPlatformConfig({
    service: 'openapi',
    profile: 'standalone',
    env: { PGLITE_DATA_DIR: 'memory', LOG_LEVEL: 'silent' },
    bus: 'openapi',
  });
  const logger = createLogger({ service: 'openapi', level: 'silent' });
  const app = await createApp(composeApp(config, logger, [gatewayApp({ catalog })]));
  try {
    return createOpenApiDocument(app);
  } finally {
    await app.close();
  }
}

/** Stable text of the document: what is committed as `openapi.json`. */
export function openApiText(document: OpenAPIObject): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}
