import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { SwaggerModule } from '@nestjs/swagger';
import { ENDPOINT_CATALOG } from '@nl/contracts-catalog';
import { createAsyncApiDocument } from './asyncapi-document.js';
import { createOpenApiDocument } from './openapi-document.js';

/**
 * Serves `/openapi.json`, `/openapi.yaml` and the docs UI at `/docs`, and `/asyncapi.json`: the
 * subjects internal callers reach the services on, built once from the same catalog and DTOs.
 */
export function setupDocs(app: NestFastifyApplication): void {
  SwaggerModule.setup('docs', app, () => createOpenApiDocument(app), {
    jsonDocumentUrl: 'openapi.json',
    yamlDocumentUrl: 'openapi.yaml',
    customSiteTitle: 'NL Data API',
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
