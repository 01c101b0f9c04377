import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { createResilientRedis } from '@nl/platform-cache';
import { PLATFORM_CONFIG, type PlatformConfig } from '@nl/platform-config';
import { DomainError, OUTAGE_RETRY_AFTER_SECONDS } from '@nl/platform-errors';
import { LOGGER, type Logger } from '@nl/platform-logging';
import type { RedisClientType } from '@redis/client';
import { DataSource } from 'typeorm';
import { allRows } from '@nl/gateway-ledger';
import { MemoryFlashes, RedisFlashes, type FlashBackend } from './flash.store.js';

/** A dashboard session as stored: only the SHA-256 of its cookie secret identifies it. */
export interface SessionRecord {
  readonly accountId: string;
  /** The key that signed in: revoking it ends the session. */
  readonly keyId: string;
  readonly csrf: string;
  readonly userAgent: string | null;
  readonly createdAt: number;
  readonly rotatedAt: number;
  readonly expiresAt: number;
}

export interface StoredSession extends SessionRecord {
  readonly idHash: string;
}

/** Where sessions live; every method sees expired sessions as absent. */
export interface SessionBackend {
  put(idHash: string, session: SessionRecord): Promise<void>;
  get(idHash: string): Promise<SessionRecord | null>;
  delete(idHash: string): Promise<void>;
  listForAccount(accountId: string): Promise<StoredSession[]>;
  /** Ends every session of an account (sign-out everywhere, support); returns how many. */
  deleteForAccount(accountId: string): Promise<number>;
}

export const sessionsUnavailable = () =>
  new DomainError('service_unavailable', 'Sign-in is unavailable for a moment; try again.', {
    retryAfterSeconds: OUTAGE_RETRY_AFTER_SECONDS,
  });

interface SessionRow {
  id_hash: string;
  account_id: string;
  key_id: string;
  csrf: string;
  user_agent: string | null;
  created_at: Date;
  rotated_at: Date;
  expires_at: Date;
}

const fromRow = (r: SessionRow): StoredSession => ({
  idHash: r.id_hash,
  accountId: r.account_id,
  keyId: r.key_id,
  csrf: r.csrf,
  userAgent: r.user_agent,
  createdAt: new Date(r.created_at).getTime(),
  rotatedAt: new Date(r.rotated_at).getTime(),
  expiresAt: new Date(r.expires_at).getTime(),
});

/** The embedded profile's sessions: a table next to the accounts (PGlite or Postgres). */
export class DatabaseSessions implements SessionBackend {
  constructor(private readonly db: DataSource) {}

  async put(idHash: string, s: SessionRecord): Promise<void> {
    await this.db.query(
      `INSERT INTO gw.dashboard_session (id_hash, account_id, key_id, csrf, user_agent, created_at, rotated_at, expires_at)
       VALUES ($1, $2, $3, $4, $5, to_timestamp($6 / 1000.0), to_timestamp($7 / 1000.0), to_timestamp($8 / 1000.0))`,
      [idHash, s.accountId, s.keyId, s.csrf, s.userAgent, s.createdAt, s.rotatedAt, s.expiresAt],
    );
    // Expired sessions of this account go as new ones come: the table stays small.
    await this.db.query(
      'DELETE FROM gw.dashboard_session WHERE account_id = $1 AND expires_at < now()',
      [s.accountId],
    );
  }

  async get(idHash: string): Promise<SessionRecord | null> {
    const [row] = (await this.db.query(
      'SELECT * FROM gw.dashboard_session WHERE id_hash = $1 AND expires_at > now()',
      [idHash],
    )) as SessionRow[];
    return row ? fromRow(row) : null;
  }

  async delete(idHash: string): Promise<void> {
    await this.db.query('DELETE FROM gw.dashboard_session WHERE id_hash = $1', [idHash]);
  }

  async listForAccount(accountId: string): Promise<StoredSession[]> {
    const rows = (await this.db.query(
      `SELECT * FROM gw.dashboard_session WHERE account_id = $1 AND expires_at > now()
        ORDER BY created_at DESC`,
      [accountId],
    )) as SessionRow[];
    return rows.map(fromRow);
  }

  async deleteForAccount(accountId: string): Promise<number> {
    return allRows(
      await this.db.query(
        'DELETE FROM gw.dashboard_session WHERE account_id = $1 RETURNING id_hash',
        [accountId],
      ),
    ).length;
  }
}

/**
 * The distributed profile's sessions, shared by every gateway replica: one JSON value per
 * session expiring with it, and per account a sorted set of its sessions by expiry. While Redis
 * is down, signing in and the dashboard answer 503 with Retry-After (API calls do not need it).
 */
export class RedisSessions implements SessionBackend {
  constructor(
    private readonly redis: RedisClientType,
    private readonly prefix: string,
  ) {}

  private key = (idHash: string) => `${this.prefix}:s:${idHash}`;
  private index = (accountId: string) => `${this.prefix}:a:${accountId}`;

  private async run<T>(command: () => Promise<T>): Promise<T> {
    if (!this.redis.isReady) throw sessionsUnavailable();
    try {
      return await command();
    } catch {
      throw sessionsUnavailable();
    }
  }

  put(idHash: string, s: SessionRecord): Promise<void> {
    return this.run(async () => {
      await this.redis
        .multi()
        .set(this.key(idHash), JSON.stringify(s), {
          expiration: { type: 'PXAT', value: s.expiresAt },
        })
        .zAdd(this.index(s.accountId), { score: s.expiresAt, value: idHash })
        .zRemRangeByScore(this.index(s.accountId), '-inf', Date.now())
        .pExpireAt(this.index(s.accountId), s.expiresAt, 'GT')
        .exec();
    });
  }

  get(idHash: string): Promise<SessionRecord | null> {
    return this.run(async () => {
      const text = await this.redis.get(this.key(idHash));
      return text ? (JSON.parse(text) as SessionRecord) : null;
    });
  }

  delete(idHash: string): Promise<void> {
    return this.run(async () => {
      const text = await this.redis.get(this.key(idHash));
      if (!text) return;
      const { accountId } = JSON.parse(text) as SessionRecord;
      await this.redis.multi().del(this.key(idHash)).zRem(this.index(accountId), idHash).exec();
    });
  }

  listForAccount(accountId: string): Promise<StoredSession[]> {
    return this.run(async () => {
      const ids = await this.redis.zRangeByScore(this.index(accountId), Date.now(), '+inf');
      if (!ids.length) return [];
      const values = await this.redis.mGet(ids.map(this.key));
      return ids.flatMap((idHash, i) => {
        const text = values[i];
        return text ? [{ idHash, ...(JSON.parse(text) as SessionRecord) }] : [];
      });
    });
  }

  deleteForAccount(accountId: string): Promise<number> {
    return this.run(async () => {
      const ids = await this.redis.zRange(this.index(accountId), 0, -1);
      if (!ids.length) return 0;
      const removed = await this.redis.del(ids.map(this.key));
      await this.redis.del(this.index(accountId));
      return removed;
    });
  }
}

/**
 * Picks the backends of the profile: Redis when the cache is Redis, else the database for
 * sessions and memory for flashes (that profile is one process).
 */
@Injectable()
export class SessionStore implements OnApplicationShutdown {
  readonly backend: SessionBackend;
  /** The notices and new keys' secrets between a form post and the page it redirects to. */
  readonly flashes: FlashBackend;
  private readonly redis?: RedisClientType;

  constructor(
    db: DataSource,
    @Inject(PLATFORM_CONFIG) config: PlatformConfig,
    @Inject(LOGGER) logger: Logger,
  ) {
    if (config.cache.kind === 'redis') {
      this.redis = createResilientRedis(config.cache.url, logger, 'dashboard sessions');
      this.backend = new RedisSessions(this.redis, `${config.cache.prefix}:dash`);
      this.flashes = new RedisFlashes(
        this.redis,
        `${config.cache.prefix}:dash`,
        sessionsUnavailable,
      );
    } else {
      this.backend = new DatabaseSessions(db);
      this.flashes = new MemoryFlashes();
    }
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.redis?.isOpen) await this.redis.close().catch(() => undefined);
    else this.redis?.destroy();
  }
}
