import {
  Inject,
  Injectable,
  type BeforeApplicationShutdown,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { LOGGER, type Logger } from '@nl/platform-logging';
import { DataSource } from 'typeorm';
import { allRows } from './credits.service.js';
import { giveBackSpend } from './credits.sql.js';

/** Pause between attempts to undo the pending charges while the database is unreachable. */
export const UNDO_RETRY_MS = 1_000;
/** How long a graceful shutdown waits for a last attempt. */
const SHUTDOWN_GRACE_MS = 2_000;

/** What undoing a charge did: refunded its settlement, released its reservation, or nothing. */
export type UndoOutcome = 'refund' | 'release' | 'none';

/**
 * One statement that makes a charge as if it had never been asked for: an open reservation is
 * released (as the sweeper would); a settlement is refunded with a `refund` row (amount +charged,
 * charged −charged) and taken out of the usage rollup of its day. A capped key gets back what
 * was counted for the charge (its `reserve` ledger row names the key and the day). The NOT
 * EXISTS guard and the ledger's unique (charge_id, kind) make a second undo do nothing.
 */
const UNDO_SQL = `WITH held AS (
    DELETE FROM gw.credit_reservation WHERE charge_id = $1
    RETURNING account_id, amount, endpoint, request_id, key_id, spend_day
  ), settled AS (
    SELECT s.account_id, s.charged, s.endpoint, s.request_id, (s.created_at AT TIME ZONE 'UTC')::date AS day
      FROM gw.credit_ledger s
     WHERE s.charge_id = $1 AND s.kind = 'settle'
       AND NOT EXISTS (SELECT 1 FROM gw.credit_ledger r WHERE r.charge_id = $1 AND r.kind = 'refund')
  ), back AS (
    SELECT account_id, 'release' AS kind, amount, 0::bigint AS charged, endpoint, request_id FROM held
    UNION ALL
    SELECT account_id, 'refund', charged, -charged, endpoint, request_id FROM settled
  ), credit AS (
    UPDATE gw.account a SET balance = a.balance + b.amount FROM back b WHERE a.id = b.account_id
    RETURNING a.id
  ), entry AS (
    INSERT INTO gw.credit_ledger (account_id, kind, charge_id, request_id, endpoint, amount, charged)
    SELECT account_id, kind, $1, request_id, endpoint, amount, charged FROM back
  ), usage AS (
    UPDATE gw.usage_daily u SET calls = u.calls - 1, charged = u.charged - s.charged
      FROM settled s WHERE u.account_id = s.account_id AND u.day = s.day AND u.endpoint = s.endpoint
  ), spend AS (
    SELECT key_id, spend_day, amount AS back FROM held WHERE key_id IS NOT NULL
    UNION ALL
    SELECT r.key_id, (r.created_at AT TIME ZONE 'UTC')::date, s.charged
      FROM settled s JOIN gw.credit_ledger r ON r.charge_id = $1 AND r.kind = 'reserve'
     WHERE r.key_id IS NOT NULL
  ), ${giveBackSpend('spend', 'credit')}
  SELECT kind FROM back`;

/**
 * Charges the gateway told its caller it did not make, but may have made: the settlement was
 * sent, the connection died before its answer, and the database stayed away longer than the
 * settle retries (CreditsStep). The caller got `503` and no data, so the charge is undone as
 * soon as the database answers again: retried every second in the background, and once more
 * on a graceful shutdown. Kept in memory: a gateway killed while the database is still down
 * loses the list, so every charge is also logged (warn, with its charge id) when it is added.
 */
@Injectable()
export class DoubtfulCharges implements BeforeApplicationShutdown, OnApplicationShutdown {
  private readonly pending = new Set<string>();
  private timer?: NodeJS.Timeout;
  private running?: Promise<number>;

  constructor(
    private readonly db: DataSource,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Charges still waiting to be undone. */
  get size(): number {
    return this.pending.size;
  }

  add(chargeId: string): void {
    this.pending.add(chargeId);
    this.logger.warn(
      { chargeId },
      'settlement of unknown outcome: the caller was told it was not charged; undoing it once the database answers',
    );
    this.schedule();
  }

  /** Tries to undo every pending charge once; returns how many are still pending. */
  run(): Promise<number> {
    this.running ??= this.undoAll().finally(() => (this.running = undefined));
    return this.running;
  }

  async beforeApplicationShutdown(): Promise<void> {
    if (!this.pending.size) return;
    await Promise.race([this.run(), new Promise((r) => setTimeout(r, SHUTDOWN_GRACE_MS).unref())]);
    if (this.pending.size)
      this.logger.error(
        { chargeIds: [...this.pending] },
        'shutting down with charges that could not be undone; refund them by hand',
      );
  }

  onApplicationShutdown(): void {
    clearTimeout(this.timer);
  }

  private async undoAll(): Promise<number> {
    for (const chargeId of [...this.pending]) {
      try {
        const outcome = await this.undo(chargeId);
        this.pending.delete(chargeId);
        this.logger.warn({ chargeId, outcome }, 'undid a charge of unknown outcome');
      } catch {
        break; // the database is still away: try again later
      }
    }
    return this.pending.size;
  }

  private async undo(chargeId: string): Promise<UndoOutcome> {
    const [row] = allRows<{ kind: UndoOutcome }>(await this.db.query(UNDO_SQL, [chargeId]));
    return row?.kind ?? 'none';
  }

  private schedule(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.run().then((left) => left && this.schedule());
    }, UNDO_RETRY_MS).unref();
  }
}
