import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { CLOSE_MANY, CLOSE_ONE, RESERVE_MANY, RESERVE_ONE, SWEEP } from './credits.sql.js';
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
      await this.db.query(RESERVE_ONE, [
        reservation.accountId,
        reservation.amount,
        chargeId,
        reservation.endpoint,
        reservation.requestId,
      ]),
    );
    return row ? { chargeId, balance: Number(row.balance) } : null;
  }

  private async closeOne(
    chargeId: string,
    kind: 'settle' | 'release',
    charge: number,
  ): Promise<number | null> {
    const row = firstRow<{ balance: string }>(
      await this.db.query(CLOSE_ONE, [chargeId, charge, kind]),
    );
    return row ? Number(row.balance) : null;
  }

  /** Reserves a batch in one statement (see {@link RESERVE_MANY}). */
  private async reserveMany(
    batch: readonly Omit<Reservation, 'chargeId'>[],
  ): Promise<({ chargeId: string; balance: number } | null)[]> {
    const chargeIds = batch.map(() => randomUUID());
    const rows = allRows<{ charge_id: string; reserved: boolean; balance: string | null }>(
      await this.db.query(RESERVE_MANY, [
        chargeIds,
        batch.map((r) => r.accountId),
        batch.map((r) => r.amount),
        batch.map((r) => r.endpoint),
        batch.map((r) => r.requestId),
      ]),
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
      await this.db.query(CLOSE_MANY, [
        batch.map((c) => c.chargeId),
        batch.map((c) => c.charge),
        batch.map((c) => c.kind),
      ]),
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
    const row = firstRow<{ released: string }>(await this.db.query(SWEEP, [olderThanMs]));
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
