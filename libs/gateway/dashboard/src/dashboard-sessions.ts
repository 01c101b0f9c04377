import { Injectable } from '@nestjs/common';
import { DomainError } from '@nl/platform-errors';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { DataSource } from 'typeorm';
import { AccountsService } from '@nl/gateway-access';
import { SessionStore, type SessionRecord, type StoredSession } from './session.store.js';

/** A session ends after this long without a page view … */
export const SESSION_IDLE_MS = 30 * 60_000;
/** … and at the latest this long after sign-in. */
export const SESSION_MAX_MS = 8 * 60 * 60_000;
/** A session's cookie secret is replaced when it is older than this (on the next page view). */
export const SESSION_ROTATE_MS = 5 * 60_000;

export const SESSION_COOKIE = 'nl_dash';
const COOKIE_PATH = '/dashboard';

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const secret = () => randomBytes(32).toString('base64url');

export interface Session extends SessionRecord {
  readonly idHash: string;
}

export function cookieOf(request: FastifyRequest, name: string): string | null {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return null;
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(digest(a));
  const y = Buffer.from(digest(b));
  return timingSafeEqual(x, y);
}

/**
 * Sign-in with an API key, server-side sessions and CSRF checks for the dashboard. The browser
 * holds only a random session secret in an HttpOnly, SameSite=Strict cookie (Secure behind
 * TLS); the store holds its SHA-256. A session is short-lived (30 min idle, 8 h at most), its
 * secret rotates every 5 minutes, and it ends when the key that opened it is revoked.
 */
@Injectable()
export class DashboardSessions {
  constructor(
    private readonly store: SessionStore,
    private readonly accounts: AccountsService,
    private readonly db: DataSource,
  ) {}

  /** Signs in with a live key; the key itself is never kept. Null for an unusable (or expired) key. */
  async signIn(request: FastifyRequest, reply: FastifyReply, key: string): Promise<Session | null> {
    const owner = await this.accounts.findOwner(key.trim());
    const expired = owner?.expiresAt !== undefined && owner.expiresAt <= Date.now();
    if (!owner || owner.sandbox || owner.payer || expired) return null;
    const now = Date.now();
    const session: SessionRecord = {
      accountId: owner.accountId,
      keyId: owner.keyId,
      csrf: secret(),
      userAgent: String(request.headers['user-agent'] ?? '').slice(0, 200) || null,
      createdAt: now,
      rotatedAt: now,
      expiresAt: now + SESSION_IDLE_MS,
    };
    return this.issue(request, reply, session);
  }

  /** The request's live session (rotated when due), or null: no cookie, forged, expired, revoked. */
  async resolve(request: FastifyRequest, reply: FastifyReply): Promise<Session | null> {
    const value = cookieOf(request, SESSION_COOKIE);
    if (!value || value.length > 100) return null;
    const idHash = digest(value);
    const found = await this.store.backend.get(idHash);
    if (!found || found.expiresAt <= Date.now() || !(await this.keyIsLive(found.keyId))) {
      if (found) await this.store.backend.delete(idHash);
      this.clearCookie(request, reply);
      return null;
    }
    const now = Date.now();
    if (now - found.rotatedAt < SESSION_ROTATE_MS) return { ...found, idHash };
    const rotated = { ...found, rotatedAt: now, expiresAt: this.expiry(found.createdAt, now) };
    const session = await this.issue(request, reply, rotated);
    await this.store.backend.delete(idHash);
    return session;
  }

  /**
   * A form post must carry the session's CSRF token, and must not come from another site: the
   * browser's Sec-Fetch-Site and Origin, when sent, must say same origin.
   */
  checkForm(request: FastifyRequest, session: Session | null): void {
    this.checkOrigin(request);
    const token = (request.body as Record<string, unknown> | undefined)?._csrf;
    if (!session || typeof token !== 'string' || !sameText(token, session.csrf))
      throw new DomainError('forbidden', 'This form has expired or did not come from this site.');
  }

  /** Refuses a cross-site request (for the sign-in form, which has no session yet). */
  checkOrigin(request: FastifyRequest): void {
    const site = request.headers['sec-fetch-site'];
    if (site !== undefined && site !== 'same-origin' && site !== 'none')
      throw new DomainError('forbidden', 'Cross-site form posts are refused.');
    const origin = request.headers.origin;
    if (origin !== undefined && origin !== 'null') {
      let host: string | undefined;
      try {
        host = new URL(origin).host;
      } catch {
        host = undefined;
      }
      if (host !== request.headers.host)
        throw new DomainError('forbidden', 'Cross-site form posts are refused.');
    }
    if (origin === 'null') throw new DomainError('forbidden', 'Cross-site form posts are refused.');
  }

  async signOut(request: FastifyRequest, reply: FastifyReply, session: Session): Promise<void> {
    await this.store.backend.delete(session.idHash);
    this.clearCookie(request, reply);
  }

  async signOutEverywhere(request: FastifyRequest, reply: FastifyReply, session: Session) {
    const ended = await this.store.backend.deleteForAccount(session.accountId);
    this.clearCookie(request, reply);
    return ended;
  }

  list(accountId: string): Promise<StoredSession[]> {
    return this.store.backend.listForAccount(accountId);
  }

  endAll(accountId: string): Promise<number> {
    return this.store.backend.deleteForAccount(accountId);
  }

  private async issue(request: FastifyRequest, reply: FastifyReply, record: SessionRecord) {
    const value = secret();
    const idHash = digest(value);
    await this.store.backend.put(idHash, record);
    this.setCookie(request, reply, value, Math.ceil((record.expiresAt - Date.now()) / 1000));
    return { ...record, idHash };
  }

  private expiry(createdAt: number, now: number): number {
    return Math.min(now + SESSION_IDLE_MS, createdAt + SESSION_MAX_MS);
  }

  private async keyIsLive(keyId: string): Promise<boolean> {
    const [row] = (await this.db.query(
      `SELECT 1 AS ok FROM gw.api_key
        WHERE id = $1 AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > now())`,
      [keyId],
    )) as unknown[];
    return row !== undefined;
  }

  /** Sets (or, with an empty value and Max-Age 0, clears) one of the dashboard's cookies. */
  setCookie(
    request: FastifyRequest,
    reply: FastifyReply,
    value: string,
    maxAge: number,
    name = SESSION_COOKIE,
  ) {
    const secure = request.protocol === 'https' ? '; Secure' : '';
    void reply.header(
      'set-cookie',
      `${name}=${value}; Path=${COOKIE_PATH}; Max-Age=${maxAge}; HttpOnly; SameSite=Strict${secure}`,
    );
  }

  private clearCookie(request: FastifyRequest, reply: FastifyReply) {
    this.setCookie(request, reply, '', 0);
  }
}
