import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { SwaggerModule } from '@nestjs/swagger';
import { ENDPOINT_CATALOG } from '@nl/contracts-catalog';
import { createAsyncApiDocument } from './asyncapi-document.js';
import { createOpenApiDocument } from './openapi-document.js';
import { servedDocument } from './served-latency.js';
import { LATENCY_SOURCE, type LatencySource } from '../pipeline/gateway-step.js';

/**
 * Serves `/openapi.json`, `/openapi.yaml` and the docs UI at `/docs`, and `/asyncapi.json`: the
 * subjects internal callers reach the services on, built once from the same catalog and DTOs.
 */
export function setupDocs(app: NestFastifyApplication): void {
  const latency = optional<LatencySource>(app, LATENCY_SOURCE);
  SwaggerModule.setup('docs', app, () => createOpenApiDocument(app), {
    jsonDocumentUrl: 'openapi.json',
    yamlDocumentUrl: 'openapi.yaml',
    customSiteTitle: 'NL Data API',
    // Each operation's `x-latency` from the last 24 hours, when the document is served.
    patchDocumentOnRequest: (_request, _reply, document) => servedDocument(document, latency),
  });
  let asyncApi: string | undefined;
  app
    .getHttpAdapter()
    .getInstance()
    .get('/asyncapi.json', (_request, reply) => {
      asyncApi ??= JSON.stringify(
        createAsyncApiDocument(createOpenApiDocument(app), ENDPOINT_CATALOG),
      );
      void reply.header('content-type', 'application/json; charset=utf-8').send(asyncApi);
    });
}

/** A provider of the app, or undefined when no module provides it. */
function optional<T>(app: NestFastifyApplication, token: symbol): T | undefined {
  try {
    return app.get<T>(token, { strict: false });
  } catch {
    return undefined;
  }
}
