import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { X402_ACCOUNT_ID } from '@nl/gateway-persistence';

/** A payment as the store keeps it: one per payer and EIP-3009 nonce. */
export interface PaymentKey {
  readonly payer: string;
  readonly nonce: string;
}

const rowsOf = <T>(result: unknown): T[] =>
  (Array.isArray(result) && Array.isArray(result[0]) ? result[0] : result) as T[];

/**
 * The one-time store of x402 payments (Postgres, PGlite standalone). A payment is reserved
 * before anything checks it, atomically by its primary key, so of two requests carrying one
 * payment exactly one proceeds; a settlement writes the payment, its ledger row and the usage
 * rollup in one statement.
 */
@Injectable()
export class X402Store {
  constructor(private readonly db: DataSource) {}

  /** True when this request now holds the payment; false when another one has or had it. */
  async reserve(
    key: PaymentKey,
    call: { endpoint: string; requestId: string; amount: bigint },
  ): Promise<boolean> {
    const rows = rowsOf(
      await this.db.query(
        `INSERT INTO gw.x402_payment (payer, nonce, state, endpoint, request_id, amount)
         VALUES ($1, $2, 'reserved', $3, $4, $5)
         ON CONFLICT (payer, nonce) DO NOTHING RETURNING payer`,
        [
          key.payer.toLowerCase(),
          key.nonce.toLowerCase(),
          call.endpoint,
          call.requestId,
          call.amount.toString(),
        ],
      ),
    );
    return rows.length === 1;
  }

  /** Gives a reserved payment back: it was never verified, or the call failed before settling. */
  async release(key: PaymentKey): Promise<void> {
    await this.db.query(
      `DELETE FROM gw.x402_payment WHERE payer = $1 AND nonce = $2 AND state = 'reserved'`,
      [key.payer.toLowerCase(), key.nonce.toLowerCase()],
    );
  }

  /** A settlement that failed: kept, so the payment is never tried again here. */
  async fail(key: PaymentKey, reason: string): Promise<void> {
    await this.db.query(
      `UPDATE gw.x402_payment SET state = 'failed', reason = $3, closed_at = now()
        WHERE payer = $1 AND nonce = $2 AND state = 'reserved'`,
      [key.payer.toLowerCase(), key.nonce.toLowerCase(), reason],
    );
  }

  /**
   * A settled payment: the payment closed with its transaction, an `x402` ledger row (payer,
   * tx hash, the price in hundredths of a credit) and the usage rollup, in one statement.
   */
  async settle(key: PaymentKey, txHash: string, chargedHundredths: number): Promise<void> {
    await this.db.query(
      `WITH paid AS (
         UPDATE gw.x402_payment SET state = 'settled', tx_hash = $3, closed_at = now()
          WHERE payer = $1 AND nonce = $2 AND state = 'reserved'
          RETURNING endpoint, request_id),
       booked AS (
         INSERT INTO gw.credit_ledger
           (account_id, kind, charge_id, request_id, endpoint, amount, charged, payer, tx_hash)
         SELECT $4, 'x402', $5, request_id, endpoint, 0, $6, $1, $3 FROM paid
         RETURNING endpoint)
       INSERT INTO gw.usage_daily (account_id, day, endpoint, calls, charged)
       SELECT $4, (now() AT TIME ZONE 'UTC')::date, endpoint, 1, $6 FROM booked
       ON CONFLICT (account_id, day, endpoint) DO UPDATE
         SET calls = gw.usage_daily.calls + EXCLUDED.calls,
             charged = gw.usage_daily.charged + EXCLUDED.charged`,
      [
        key.payer.toLowerCase(),
        key.nonce.toLowerCase(),
        txHash,
        X402_ACCOUNT_ID,
        randomUUID(),
        chargedHundredths,
      ],
    );
  }
}
