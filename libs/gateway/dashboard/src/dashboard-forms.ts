import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyRequest } from 'fastify';

/** Largest form a dashboard page posts (a key name, a key, a CSRF token). */
const FORM_LIMIT_BYTES = 16 * 1024;

/**
 * Form posts (`application/x-www-form-urlencoded`) are parsed for the dashboard only: the API's
 * endpoints answer `415` to anything but JSON. (Registered through Nest, which would otherwise
 * add its own form parser for every route.)
 */
export function configureDashboardForms(app: NestFastifyApplication): void {
  app.useBodyParser(
    'application/x-www-form-urlencoded',
    { bodyLimit: FORM_LIMIT_BYTES },
    (
      request: FastifyRequest,
      body: string | Buffer,
      done: (err: Error | null, body?: unknown) => void,
    ) => {
      if (!request.url.startsWith('/dashboard/'))
        return done(Object.assign(new Error('Send JSON.'), { statusCode: 415 }));
      done(null, Object.fromEntries(new URLSearchParams(body.toString())));
    },
  );
}
