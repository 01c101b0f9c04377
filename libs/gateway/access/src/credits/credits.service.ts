import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { StatementBatcher } from './statement-batcher.js';

export interface Reservation {
  readonly chargeId: string;
  readonly accountId: string;
  readonly amount: number;
  readonly endpoint: string;
  readonly requestId: string;
}

interface Closing {
  readonly chargeId: string;
  readonly kind: 'settle' | 'release';
  readonly charge: number;
}

/** The day a settlement counts for in the usage rollup: the UTC date of the ledger row. */
const UTC_TODAY = `(now() AT TIME ZONE 'UTC')::date`;
/** Settlements add to `gw.usage_daily` in the statement that writes them. */
const USAGE_UPSERT = 'INSERT INTO gw.usage_daily (account_id, day, endpoint, calls, charged)';
const USAGE_CONFLICT = `ON CONFLICT (account_id, day, endpoint) DO UPDATE
             SET calls = gw.usage_daily.calls + EXCLUDED.calls, charged = gw.usage_daily.charged + EXCLUDED.charged`;

/** Postgres picked this statement as a deadlock victim: it did nothing and may run again. */
async function withDeadlockRetry<T>(run: () => Promise<T>, attempts = 3): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await run();
    } catch (error) {
      const code = (error as { code?: string; driverError?: { code?: string } }).driverError?.code;
      if (code !== '40P01' || i >= attempts) throw error;
    }
  }
}

export function allRows<T>(result: unknown): T[] {
  // TypeORM returns rows for SELECT, and [rows, count] for data-modifying statements on Postgres.
  return (Array.isArray(result) && Array.isArray(result[0]) ? result[0] : result) as T[];
}

function firstRow<T>(result: unknown): T | undefined {
  return allRows<T>(result)[0];
}

/**
 * The credit ledger (ARCHITECTURE §5). Every change is one SQL statement (data-modifying CTEs),
 * so it is atomic on Postgres and PGlite alike and a crash can never leave half of it:
 * reserve takes the fresh price off the balance only if the balance covers it; settle gives
 * back what was not charged; release gives back everything. Settle and release act only on a
 * reservation that still exists, so a repeat is a no-op and nothing is charged twice.
 * Invariant: balance = sum(ledger.amount) = top-ups − settled charges − open reservations.
 */
@Injectable()
export class CreditsService {
  /**
   * Batched statements pay off on Postgres (many connections, row locks); embedded PGlite runs
   * in this process's thread, where the simpler one-row statements are cheaper.
   */
  private readonly batched: boolean;

  constructor(private readonly db: DataSource) {
    this.batched = !(db.options as { extra?: { pglite?: unknown } }).extra?.pglite;
  }

  private readonly reservations = new StatementBatcher(
    (batch: readonly Omit<Reservation, 'chargeId'>[]) =>
      withDeadlockRetry(() => this.reserveMany(batch)),
  );
  private readonly closings = new StatementBatcher((batch: readonly Closing[]) =>
    withDeadlockRetry(() => this.closeMany(batch)),
  );

  /** Reserves `amount`; returns the new balance, or null when the balance is too low. */
  reserve(
    reservation: Omit<Reservation, 'chargeId'>,
  ): Promise<{ chargeId: string; balance: number } | null> {
    return this.batched ? this.reservations.submit(reservation) : this.reserveOne(reservation);
  }

  /** Charges `charge` (≤ the reserved amount) and frees the rest; null if nothing was open. */
  settle(chargeId: string, charge: number): Promise<number | null> {
    return this.batched
      ? this.closings.submit({ chargeId, kind: 'settle', charge })
      : this.closeOne(chargeId, 'settle', charge);
  }

  /** Frees the whole reservation; null if nothing was open. */
  release(chargeId: string): Promise<number | null> {
    return this.batched
      ? this.closings.submit({ chargeId, kind: 'release', charge: 0 })
      : this.closeOne(chargeId, 'release', 0);
  }

  private async reserveOne(
    reservation: Omit<Reservation, 'chargeId'>,
  ): Promise<{ chargeId: string; balance: number } | null> {
    const chargeId = randomUUID();
    const row = firstRow<{ balance: string }>(
      await this.db.query(
        `WITH debit AS (
           UPDATE gw.account SET balance = balance - $2 WHERE id = $1 AND balance >= $2 RETURNING balance
         ), held AS (
           INSERT INTO gw.credit_reservation (charge_id, account_id, amount, endpoint, request_id)
           SELECT $3, $1, $2, $4, $5 FROM debit
         ), entry AS (
           INSERT INTO gw.credit_ledger (account_id, kind, charge_id, request_id, endpoint, amount)
           SELECT $1, 'reserve', $3, $5, $4, -$2 FROM debit
         )
         SELECT balance FROM debit`,
        [
          reservation.accountId,
          reservation.amount,
          chargeId,
          reservation.endpoint,
          reservation.requestId,
        ],
      ),
    );
    return row ? { chargeId, balance: Number(row.balance) } : null;
  }

  private async closeOne(
    chargeId: string,
    kind: 'settle' | 'release',
    charge: number,
  ): Promise<number | null> {
    const row = firstRow<{ balance: string }>(
      await this.db.query(
        `WITH held AS (
           DELETE FROM gw.credit_reservation WHERE charge_id = $1 RETURNING account_id, amount, endpoint, request_id
         ), credit AS (
           UPDATE gw.account a SET balance = a.balance + held.amount - LEAST($2::bigint, held.amount)
             FROM held WHERE a.id = held.account_id RETURNING a.balance
         ), entry AS (
           INSERT INTO gw.credit_ledger (account_id, kind, charge_id, request_id, endpoint, amount, charged)
           SELECT account_id, $3, $1, request_id, endpoint, amount - LEAST($2::bigint, amount), LEAST($2::bigint, amount) FROM held
         ), usage AS (
           ${USAGE_UPSERT}
           SELECT account_id, ${UTC_TODAY}, endpoint, 1, LEAST($2::bigint, amount) FROM held WHERE $3 = 'settle'
           ${USAGE_CONFLICT}
         )
         SELECT balance FROM credit`,
        [chargeId, charge, kind],
      ),
    );
    return row ? Number(row.balance) : null;
  }

  /**
   * Reserves a batch in one statement. Accounts are locked in id order (no deadlocks between
   * replicas); per account, requests are taken in arrival order while the running total fits
   * the balance, so the balance never goes below zero and nothing is reserved twice.
   */
  private async reserveMany(
    batch: readonly Omit<Reservation, 'chargeId'>[],
  ): Promise<({ chargeId: string; balance: number } | null)[]> {
    const chargeIds = batch.map(() => randomUUID());
    const rows = allRows<{ charge_id: string; reserved: boolean; balance: string | null }>(
      await this.db.query(
        `WITH req AS (
         SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::bigint[], $4::text[], $5::text[])
           WITH ORDINALITY AS r(charge_id, account_id, amount, endpoint, request_id, ord)
       ), acc AS (
         SELECT id, balance FROM gw.account WHERE id IN (SELECT account_id FROM req) ORDER BY id FOR UPDATE
       ), ranked AS (
         SELECT req.*, sum(req.amount) OVER (PARTITION BY req.account_id ORDER BY req.ord) AS cum FROM req
       ), ok AS (
         SELECT ranked.* FROM ranked JOIN acc ON acc.id = ranked.account_id WHERE ranked.cum <= acc.balance
       ), debit AS (
         UPDATE gw.account a SET balance = a.balance - s.total
           FROM (SELECT account_id, sum(amount) AS total FROM ok GROUP BY account_id) s
          WHERE a.id = s.account_id
       ), held AS (
         INSERT INTO gw.credit_reservation (charge_id, account_id, amount, endpoint, request_id)
         SELECT charge_id, account_id, amount, endpoint, request_id FROM ok
       ), entry AS (
         INSERT INTO gw.credit_ledger (account_id, kind, charge_id, request_id, endpoint, amount)
         SELECT account_id, 'reserve', charge_id, request_id, endpoint, -amount FROM ok
       )
       SELECT req.charge_id::text AS charge_id, ok.charge_id IS NOT NULL AS reserved,
              (acc.balance - coalesce(ok.cum, (SELECT coalesce(sum(o.amount), 0) FROM ok o WHERE o.account_id = req.account_id)))::text AS balance
         FROM req LEFT JOIN ok ON ok.charge_id = req.charge_id LEFT JOIN acc ON acc.id = req.account_id`,
        [
          chargeIds,
          batch.map((r) => r.accountId),
          batch.map((r) => r.amount),
          batch.map((r) => r.endpoint),
          batch.map((r) => r.requestId),
        ],
      ),
    );
    const byId = new Map(rows.map((r) => [r.charge_id, r]));
    return chargeIds.map((chargeId) => {
      const row = byId.get(chargeId);
      return row?.reserved ? { chargeId, balance: Number(row.balance) } : null;
    });
  }

  /** Settles and releases a batch in one statement; the balance after it, or null per charge. */
  private async closeMany(all: readonly Closing[]): Promise<(number | null)[]> {
    // A charge closed twice in one batch is closed once, as asked first; the repeat gets null.
    const firsts = new Map<string, Closing>();
    for (const c of all) if (!firsts.has(c.chargeId)) firsts.set(c.chargeId, c);
    const batch = [...firsts.values()];
    const rows = allRows<{ charge_id: string; balance: string }>(
      await this.db.query(
        `WITH req AS (
         SELECT * FROM unnest($1::uuid[], $2::bigint[], $3::text[]) AS r(charge_id, charge, kind)
       ), held AS (
         DELETE FROM gw.credit_reservation c USING req WHERE c.charge_id = req.charge_id
         RETURNING c.charge_id, c.account_id, c.amount, c.endpoint, c.request_id, req.kind,
                   LEAST(req.charge, c.amount) AS charged
       ), locked AS (
         SELECT id FROM gw.account WHERE id IN (SELECT account_id FROM held) ORDER BY id FOR UPDATE
       ), credit AS (
         UPDATE gw.account a SET balance = a.balance + p.refund
           FROM (SELECT held.account_id, sum(held.amount - held.charged) AS refund
                   FROM held JOIN locked ON locked.id = held.account_id GROUP BY held.account_id) p
          WHERE a.id = p.account_id RETURNING a.id, a.balance
       ), entry AS (
         INSERT INTO gw.credit_ledger (account_id, kind, charge_id, request_id, endpoint, amount, charged)
         SELECT account_id, kind, charge_id, request_id, endpoint, amount - charged, charged FROM held
       ), usage AS (
         ${USAGE_UPSERT}
         SELECT account_id, ${UTC_TODAY}, endpoint, count(*), sum(charged) FROM held
          WHERE kind = 'settle' GROUP BY account_id, endpoint
         ${USAGE_CONFLICT}
       )
       SELECT held.charge_id::text AS charge_id, credit.balance::text AS balance
         FROM held JOIN credit ON credit.id = held.account_id`,
        [batch.map((c) => c.chargeId), batch.map((c) => c.charge), batch.map((c) => c.kind)],
      ),
    );
    const byId = new Map(rows.map((r) => [r.charge_id, Number(r.balance)]));
    return all.map((c) => (firsts.get(c.chargeId) === c ? (byId.get(c.chargeId) ?? null) : null));
  }

  /**
   * How a charge was closed, for a settlement retried after an error whose first attempt may
   * have committed: `settle` with what was charged, `release`, or null while it is still open.
   */
  async closedAs(
    chargeId: string,
  ): Promise<{ kind: 'settle' | 'release'; charged: number; balance: number } | null> {
    const row = firstRow<{ kind: 'settle' | 'release'; charged: string; balance: string }>(
      await this.db.query(
        `SELECT l.kind, l.charged, a.balance FROM gw.credit_ledger l JOIN gw.account a ON a.id = l.account_id
          WHERE l.charge_id = $1 AND l.kind IN ('settle', 'release')`,
        [chargeId],
      ),
    );
    return row
      ? { kind: row.kind, charged: Number(row.charged), balance: Number(row.balance) }
      : null;
  }

  /** Releases reservations older than `olderThanMs` (their request died); returns how many. */
  async sweep(olderThanMs: number): Promise<number> {
    const row = firstRow<{ released: string }>(
      await this.db.query(
        `WITH held AS (
           DELETE FROM gw.credit_reservation WHERE created_at < now() - make_interval(secs => $1::float8 / 1000)
           RETURNING charge_id, account_id, amount, endpoint, request_id
         ), per_account AS (
           SELECT account_id, sum(amount) AS amount FROM held GROUP BY account_id
         ), credit AS (
           UPDATE gw.account a SET balance = a.balance + p.amount FROM per_account p WHERE a.id = p.account_id
         ), entry AS (
           INSERT INTO gw.credit_ledger (account_id, kind, charge_id, request_id, endpoint, amount)
           SELECT account_id, 'release', charge_id, request_id, endpoint, amount FROM held
         )
         SELECT count(*) AS released FROM held`,
        [olderThanMs],
      ),
    );
    return Number(row?.released ?? 0);
  }

  /** Adds credits to an account; returns the new balance. */
  async topUp(accountId: string, amount: number): Promise<number> {
    if (!Number.isInteger(amount) || amount <= 0)
      throw new Error('A top-up must be a positive whole number of hundredths');
    const row = firstRow<{ balance: string }>(
      await this.db.query(
        `WITH credit AS (
           UPDATE gw.account SET balance = balance + $2 WHERE id = $1 RETURNING balance
         ), entry AS (
           INSERT INTO gw.credit_ledger (account_id, kind, charge_id, amount) SELECT $1, 'topup', $3, $2 FROM credit
         )
         SELECT balance FROM credit`,
        [accountId, amount, randomUUID()],
      ),
    );
    if (!row) throw new Error(`No account ${accountId}`);
    return Number(row.balance);
  }
}
