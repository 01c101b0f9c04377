import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';

export interface Reservation {
  readonly chargeId: string;
  readonly accountId: string;
  readonly amount: number;
  readonly endpoint: string;
  readonly requestId: string;
}

function firstRow<T>(result: unknown): T | undefined {
  // TypeORM returns rows for SELECT, and [rows, count] for data-modifying statements on Postgres.
  const rows = Array.isArray(result) && Array.isArray(result[0]) ? result[0] : result;
  return (rows as T[])[0];
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
  constructor(private readonly db: DataSource) {}

  /** Reserves `amount`; returns the new balance, or null when the balance is too low. */
  async reserve(
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

  /** Charges `charge` (≤ the reserved amount) and frees the rest; null if nothing was open. */
  settle(chargeId: string, charge: number): Promise<number | null> {
    return this.close(chargeId, 'settle', charge);
  }

  /** Frees the whole reservation; null if nothing was open. */
  release(chargeId: string): Promise<number | null> {
    return this.close(chargeId, 'release', 0);
  }

  private async close(
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
         )
         SELECT balance FROM credit`,
        [chargeId, charge, kind],
      ),
    );
    return row ? Number(row.balance) : null;
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
