/** A period a key's spend is capped for; both are UTC. */
export type CapPeriod = 'daily' | 'monthly';

/** Why a reservation was refused by a key's cap. Amounts in hundredths of a credit. */
export interface SpendCapReached {
  readonly period: CapPeriod;
  readonly cap: number;
  /** What the key has spent (held + settled) in the period so far. */
  readonly spent: number;
  /** ISO timestamp of the next UTC midnight (daily) or first of the month (monthly). */
  readonly resetsAt: string;
}

/**
 * What a reservation came to: held, or refused because the balance does not cover it, or
 * because it would take the key's spend over one of its caps (then nothing was held).
 */
export type ReserveOutcome =
  | { readonly ok: true; readonly chargeId: string; readonly balance: number }
  | {
      readonly ok: false;
      readonly reason: 'balance';
      /** The balance that refused it, when the account exists: less than the amount asked. */
      readonly balance?: number;
    }
  | {
      readonly ok: false;
      readonly reason: 'spend_cap';
      readonly capReached: SpendCapReached;
      /** The account's balance, untouched by this reservation. */
      readonly balance: number;
    };

/** When the period that contains the UTC day `day` (YYYY-MM-DD) is over. */
export function capResetsAt(period: CapPeriod, day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  const next = period === 'daily' ? Date.UTC(year, month - 1, date + 1) : Date.UTC(year, month, 1);
  return new Date(next).toISOString();
}

/** A cap as the statements report it: which one, its amount and the spend, and the day. */
export interface CapRow {
  readonly period: CapPeriod | null;
  readonly cap: string | null;
  readonly spent: string | null;
  readonly day: string;
}

/** The refusal a statement's cap columns describe, or null when no cap was in the way. */
export function capReachedOf(row: CapRow | undefined): SpendCapReached | null {
  if (!row?.period) return null;
  return {
    period: row.period,
    cap: Number(row.cap),
    spent: Number(row.spent),
    resetsAt: capResetsAt(row.period, row.day),
  };
}
