import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { SwaggerModule } from '@nestjs/swagger';
import { createOpenApiDocument } from './openapi-document.js';

/** Serves `/openapi.json`, `/openapi.yaml` and the docs UI at `/docs`. */
export function setupDocs(app: NestFastifyApplication): void {
  SwaggerModule.setup('docs', app, () => createOpenApiDocument(app), {
    jsonDocumentUrl: 'openapi.json',
    yamlDocumentUrl: 'openapi.yaml',
    customSiteTitle: 'NL Data API',
  });
}
