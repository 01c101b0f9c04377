import { ERROR_STATUS } from '@nl/gateway-core';
import { DomainError, databaseUnavailable, isDatabaseUnavailable } from '@nl/platform-errors';
import type { FastifyReply } from 'fastify';
import { errorView } from './views.js';
import { page, type Html } from './html.js';

/**
 * What every dashboard answer carries: no caching anywhere, no framing, no sniffing, and a
 * Content-Security-Policy that allows only our own scripts, styles and forms (no inline code).
 */
export const DASHBOARD_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy':
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  'cache-control': 'no-store',
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'same-origin',
  'cross-origin-opener-policy': 'same-origin',
};

export function withHeaders(reply: FastifyReply): FastifyReply {
  for (const [name, value] of Object.entries(DASHBOARD_HEADERS)) void reply.header(name, value);
  return reply;
}

export async function sendHtml(reply: FastifyReply, status: number, body: Html): Promise<void> {
  await withHeaders(reply).code(status).type('text/html; charset=utf-8').send(body.text);
}

/** 303 See Other: after a form post, and to the sign-in page. */
export async function redirect(reply: FastifyReply, to: string): Promise<void> {
  await withHeaders(reply).code(303).header('location', to).send();
}

/** An error as a page: the API's problem JSON is no use to a person in a browser. */
export async function sendErrorPage(reply: FastifyReply, caught: unknown): Promise<void> {
  const error =
    caught instanceof DomainError
      ? caught
      : isDatabaseUnavailable(caught)
        ? databaseUnavailable()
        : new DomainError('internal', 'Something went wrong on our side; please try again.');
  const status = ERROR_STATUS[error.code];
  const retry = error.extra.retryAfterSeconds;
  if (retry !== undefined) void reply.header('retry-after', String(retry));
  const title = status === 403 ? 'Not allowed' : status >= 500 ? 'Unavailable' : 'Not possible';
  await sendHtml(reply, status, page({ title, body: errorView(error.message) }));
}
