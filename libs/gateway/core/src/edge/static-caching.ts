import compress from '@fastify/compress';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';

/** The free documents: the same bytes for every caller until the next release. */
const DOCUMENTS = /^\/(openapi\.json|openapi\.yaml|asyncapi\.json|docs(\/[^?]*)?)$/;
/** Below this many bytes compressing costs more than it saves. */
export const COMPRESS_THRESHOLD_BYTES = 1_024;

/** A strong validator of a body: the start of its SHA-256, quoted. */
export const etagOf = (body: string | Buffer) =>
  `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;

const matches = (header: string | string[] | undefined, etag: string) =>
  typeof header === 'string' &&
  (header.trim() === '*' ||
    header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag));

/** The path of a request target, without its query (no array per answer, as `split` makes). */
function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query < 0 ? url : url.slice(0, query);
}

/** A free document's validator and caching headers; `304` with no body when the tag matches. */
function conditional(request: FastifyRequest, reply: FastifyReply, payload: unknown): unknown {
  if (request.method !== 'GET' && request.method !== 'HEAD') return payload;
  if (reply.statusCode !== 200 || !DOCUMENTS.test(pathOf(request.url))) return payload;
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
  const etag = etagOf(payload);
  void reply.header('etag', etag).header('cache-control', 'public, max-age=300');
  if (!matches(request.headers['if-none-match'], etag)) return payload;
  void reply.code(304).removeHeader('content-length');
  return '';
}

/**
 * Conditional requests and public caching for the free documents (`/openapi.json`, `.yaml`,
 * `/asyncapi.json`, the docs page and its assets): an `ETag` on each, `304` for a matching
 * `If-None-Match` (these routes are never charged), `Cache-Control: public, max-age=300`. Then
 * compression (br, gzip) of every answer over {@link COMPRESS_THRESHOLD_BYTES}; the validator is
 * taken from the uncompressed body, so one ETag stands for every encoding of it.
 */
export async function configureStaticCaching(app: NestFastifyApplication): Promise<void> {
  const fastify = app.getHttpAdapter().getInstance();
  // Callback style: an async hook would cost every answer a promise and send it a tick later.
  fastify.addHook('onSend', (request, reply, payload, done) => {
    done(null, conditional(request, reply, payload));
  });
  await app.register(compress as never, {
    global: true,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
  });
}
