import compress from '@fastify/compress';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';

/**
 * The free documents: the same bytes for every caller until the next release (the front page,
 * the discovery files and robots.txt at one base URL too).
 */
const DOCUMENTS =
  /^\/(openapi\.json|openapi\.yaml|asyncapi\.json|llms\.txt|llms-full\.txt|robots\.txt|docs(\/[^?]*)?)?$/;
/** The caller's own account: free, private, and the same until its balance or usage moves. */
const ACCOUNT = /^\/(api\/)?v1\/account(\/usage)?$/;
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

/**
 * A validator and caching headers for the free documents (public) and the caller's account
 * (private, revalidated every time); `304` with no body when the tag matches. Every other
 * answer that has not said otherwise is `no-store`.
 */
function conditional(request: FastifyRequest, reply: FastifyReply, payload: unknown): unknown {
  const policy = cachePolicy(request, reply, payload);
  if (!policy) {
    if (reply.getHeader('cache-control') === undefined)
      void reply.header('cache-control', 'no-store');
    return payload;
  }
  const etag = etagOf(payload as string | Buffer);
  void reply.header('etag', etag).header('cache-control', policy);
  if (!matches(request.headers['if-none-match'], etag)) return payload;
  void reply.code(304).removeHeader('content-length');
  return '';
}

/** The `Cache-Control` of an answer that gets a validator, or undefined for every other one. */
function cachePolicy(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): string | undefined {
  if (request.method !== 'GET' && request.method !== 'HEAD') return undefined;
  if (reply.statusCode !== 200 || (typeof payload !== 'string' && !Buffer.isBuffer(payload)))
    return undefined;
  const path = pathOf(request.url);
  if (DOCUMENTS.test(path)) return 'public, max-age=300';
  if (ACCOUNT.test(path)) return 'private, no-cache';
  return undefined;
}

/**
 * Conditional requests and caching headers: the free documents (`/openapi.json`, `.yaml`,
 * `/asyncapi.json`, the docs page and its assets, `/`, `/llms.txt`, `/llms-full.txt`,
 * `/robots.txt`) get an `ETag` and `Cache-Control: public,
 * max-age=300`, `/v1/account` and its usage an `ETag` and `private, no-cache`; a matching
 * `If-None-Match` answers `304` (these routes are never charged). Every other answer without a
 * `Cache-Control` of its own gets `no-store`. Then
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
