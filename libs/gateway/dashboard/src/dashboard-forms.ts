import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyRequest } from 'fastify';
import { parseMultipart } from './multipart.js';

/** Largest form a dashboard page posts (a key name, a key, a CSRF token). */
const FORM_LIMIT_BYTES = 16 * 1024;

/**
 * Largest file form: a batch job's CSV. 4 MB holds 100,000 VAT numbers, the most items a job
 * may have; bigger files go to the API (`POST /v1/batches`, up to 32 MB).
 */
export const UPLOAD_LIMIT_BYTES = 4 * 1024 * 1024;

/** The only dashboard path that takes a file. */
export const UPLOAD_PATH = '/dashboard/batches';

type Done = (err: Error | null, body?: unknown) => void;

const sendJson = () => Object.assign(new Error('Send JSON.'), { statusCode: 415 });

/**
 * Form posts (`application/x-www-form-urlencoded`) are parsed for the dashboard only, and file
 * forms (`multipart/form-data`, buffered up to their limit) for its upload path only: the
 * API's endpoints answer `415` to anything but JSON. (Registered through Nest, which would
 * otherwise add its own form parser for every route.)
 */
export function configureDashboardForms(app: NestFastifyApplication): void {
  app.useBodyParser(
    'application/x-www-form-urlencoded',
    { bodyLimit: FORM_LIMIT_BYTES },
    (request: FastifyRequest, body: string | Buffer, done: Done) => {
      if (!request.url.startsWith('/dashboard/')) return done(sendJson());
      done(null, Object.fromEntries(new URLSearchParams(body.toString())));
    },
  );
  app.useBodyParser(
    'multipart/form-data',
    { bodyLimit: UPLOAD_LIMIT_BYTES },
    (request: FastifyRequest, body: string | Buffer, done: Done) => {
      if (request.url.split('?')[0] !== UPLOAD_PATH) return done(sendJson());
      try {
        const bytes = typeof body === 'string' ? Buffer.from(body) : body;
        done(null, parseMultipart(bytes, request.headers['content-type'] ?? ''));
      } catch (error) {
        done(error as Error);
      }
    },
  );
}
