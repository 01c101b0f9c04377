import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DomainError } from '@nl/platform-errors';
import type { FastifyRequest } from 'fastify';
import { CSV_TYPE, MAX_BATCH_UPLOAD_BYTES, NDJSON_TYPES } from './batch-upload.js';

const isUploadRoute = (request: FastifyRequest) =>
  (request.routeOptions?.config as { batchUpload?: boolean } | undefined)?.batchUpload === true;

/**
 * What the upload route needs of Fastify before its routes are made: a body limit of its own
 * (the route config `batchUpload`), and NDJSON and CSV bodies read as text, for that route only;
 * anywhere else they are `415` as before.
 */
export function configureBatchUploads(app: NestFastifyApplication): void {
  const fastify = app.getHttpAdapter().getInstance();
  fastify.addHook('onRoute', (route) => {
    if ((route.config as { batchUpload?: boolean } | undefined)?.batchUpload)
      route.bodyLimit = MAX_BATCH_UPLOAD_BYTES;
  });
  fastify.addContentTypeParser(
    [...NDJSON_TYPES, CSV_TYPE],
    { parseAs: 'string', bodyLimit: MAX_BATCH_UPLOAD_BYTES },
    (request, body, done) => {
      if (!isUploadRoute(request))
        return done(new DomainError('unsupported_media_type', 'Send JSON (application/json).'));
      done(null, body);
    },
  );
}
