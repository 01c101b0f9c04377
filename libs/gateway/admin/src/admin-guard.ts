import { DomainError } from '@nl/platform-errors';
import type { FastifyRequest } from 'fastify';
import { createHash, timingSafeEqual } from 'node:crypto';

/** Fixed-length digests, so the constant-time comparison never sees buffers of two lengths. */
const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/**
 * The admin routes' guard: the `ADMIN_TOKEN` in `X-Admin-Token` (never an API key); without a
 * configured token the admin routes do not exist (404).
 */
export function guardAdmin(request: FastifyRequest, expected: string | undefined | null): void {
  if (!expected) throw new DomainError('route_not_found');
  const given = request.headers['x-admin-token'];
  const ok = typeof given === 'string' && timingSafeEqual(digest(given), digest(expected));
  if (!ok) throw new DomainError('unauthorized', 'A valid X-Admin-Token is required.');
}
