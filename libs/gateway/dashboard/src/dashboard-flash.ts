import { Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { KeyMode } from '@nl/gateway-access';
import { DashboardSessions, cookieOf } from './dashboard-sessions.js';
import { SessionStore } from './session.store.js';

/** A key just created, for the one page that shows its secret. */
export interface CreatedKey {
  readonly id: string;
  readonly prefix: string;
  readonly name: string | null;
  readonly mode: KeyMode;
  readonly secret: string;
  /** A roll's new secret: the one it replaced, and until when that works (null: no longer). */
  readonly replaced?: { readonly prefix: string; readonly until: string | null };
}

/**
 * What the page after a form post shows once: a notice or a refusal, after create-key the new
 * key, after a webhook secret's rotation the new secret.
 */
export interface Flash {
  readonly notice?: string;
  readonly created?: CreatedKey;
  readonly webhookSecret?: string;
  /** Why a form's request was refused (a batch job), shown as an error on the page. */
  readonly problem?: string;
}

const FLASH_COOKIE = 'nl_dash_flash';
/** Ample for a redirect on a slow connection, and short, since a flash may hold a key. */
export const FLASH_TTL_MS = 5 * 60_000;

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

function seal(key: Buffer, text: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

function unseal(key: Buffer, sealed: string): string | null {
  try {
    const bytes = Buffer.from(sealed, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(12, 28));
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/**
 * One-time messages from a form post to the page its redirect shows (post/redirect/get), so a
 * reload never posts again. The store keeps the flash encrypted under the SHA-256 of a random
 * id; the browser gets the id and the key in a cookie. So a new key's secret is never in a
 * URL, is never in the store in plain, and is shown once: reading the flash removes it.
 */
@Injectable()
export class DashboardFlash {
  constructor(
    private readonly store: SessionStore,
    private readonly sessions: DashboardSessions,
  ) {}

  /** Leaves `flash` for this browser's next page of `accountId` (null: the sign-in page). */
  async leave(
    request: FastifyRequest,
    reply: FastifyReply,
    accountId: string | null,
    flash: Flash,
  ): Promise<void> {
    const id = randomBytes(16).toString('base64url');
    const key = randomBytes(32);
    await this.store.flashes.put(
      digest(id),
      seal(key, JSON.stringify({ accountId, flash })),
      FLASH_TTL_MS,
    );
    const cookie = `${id}.${key.toString('base64url')}`;
    this.sessions.setCookie(request, reply, cookie, FLASH_TTL_MS / 1000, FLASH_COOKIE);
  }

  /** The flash left for this browser and `accountId`, once; null when there is none. */
  async take(
    request: FastifyRequest,
    reply: FastifyReply,
    accountId: string | null,
  ): Promise<Flash | null> {
    const cookie = cookieOf(request, FLASH_COOKIE);
    if (cookie === null) return null;
    this.sessions.setCookie(request, reply, '', 0, FLASH_COOKIE);
    const [id, key] = cookie.split('.');
    if (!id || !key || cookie.length > 100) return null;
    const sealed = await this.store.flashes.take(digest(id));
    const text = sealed === null ? null : unseal(Buffer.from(key, 'base64url'), sealed);
    if (text === null) return null;
    const left = JSON.parse(text) as { accountId: string | null; flash: Flash };
    return left.accountId === accountId ? left.flash : null;
  }
}
