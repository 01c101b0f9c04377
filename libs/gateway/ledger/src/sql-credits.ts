import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import type {
  ChargeOutcome,
  ChargeRequest,
  ChargesAfter,
  ClosedCharge,
  CreditBackend,
  ReservationRequest,
} from './credit-backend.js';
import { SWEEP, TOP_UP, UNDO_CHARGE, type UndoOutcome } from './credits.sql.js';
import { allRows, firstRow } from './rows.js';
import type { Closing } from './round-statements.js';
import type { ReserveOutcome } from './spend-caps.js';
import { StatementBatcher } from './statement-batcher.js';
import { runRound, type Job } from './sql-rounds.js';

/**
 * How many calls at its price the balance last seen must cover for a call to be charged after
 * the fact instead of reserved before it: more than the rounds in flight can take.
 */
const CHARGE_AFTER_MARGIN = 1_000;

/** What is already done: nothing in this process waits to be written or put right. */
const DONE = Promise.resolve();

/**
 * The credit ledger on Postgres. Every change is one SQL statement (data-modifying CTEs),
 * so it is atomic on Postgres and PGlite alike and a crash can never leave half of it:
 * reserve takes the fresh price off the balance only if the balance covers it; settle gives
 * back what was not charged; release gives back everything. Settle and release act only on a
 * reservation that still exists, so a repeat is a no-op and nothing is charged twice.
 * Invariant: balance = sum(ledger.amount) = top-ups − settled charges − open reservations.
 *
 * A key with spend caps has its spend counted on its row by the same statements:
 * reserve adds the held amount and is refused if that would cross a cap; settle, release and
 * the sweep give back what was not charged, off the UTC day (and month) it was counted on. So
 * a key's spend is always held + settled, and concurrent calls cannot cross a cap together.
 */
export class SqlCredits implements CreditBackend, ChargesAfter {
  /** Calls of keys without caps, on ample balances, are charged after their answers. */
  readonly afterwards: ChargesAfter = this;
  /** A charge is committed before its answer goes and stands: no delivery list is kept. */
  readonly deliveries = null;

  constructor(private readonly db: DataSource) {}

  /**
   * Reservations, charges and closes queue together: each statement takes what came while the
   * last one ran, closes first. Without caps in the batch that is one statement (CREDIT_CYCLE),
   * so the account rows they change are locked and committed once per round.
   */
  private readonly rounds = new StatementBatcher((batch: readonly Job[]) =>
    runRound(this.db, batch),
  );

  /**
   * Open reservations this process made for a capped key (charge id → when): their close takes
   * the statement that also gives the key's spend back, so a key without caps never pays for it.
   * A counted reservation closed without this hint is given back right after (GIVE_BACK).
   */
  private readonly keyed = new Map<string, number>();

  /**
   * The balance each account had after this process's last reservation or charge on it (after
   * a refused one: none).
   */
  private readonly seen = new Map<string, number>();

  /**
   * Whether a call at `amount` may be charged after the fact (see {@link charge}): the balance
   * last seen covers CHARGE_AFTER_MARGIN more calls at that price.
   */
  chargesAfter(accountId: string, amount: number): boolean {
    return (this.seen.get(accountId) ?? 0) >= amount * CHARGE_AFTER_MARGIN;
  }

  private see(accountId: string, balance: number | null): void {
    if (balance === null) this.seen.delete(accountId);
    else {
      if (this.seen.size >= 10_000 && !this.seen.has(accountId)) this.seen.clear();
      this.seen.set(accountId, balance);
    }
  }

  /**
   * Reserves `amount`, unless the balance does not cover it or it would take the key's spend
   * over a cap (checked and counted in the same statement, under the key row's lock).
   */
  async reserve(reservation: ReservationRequest): Promise<ReserveOutcome> {
    const outcome = (await this.rounds.submit({ request: reservation })) as ReserveOutcome;
    if (outcome.ok && reservation.keyId) this.keyed.set(outcome.chargeId, Date.now());
    this.see(reservation.accountId, outcome.ok ? outcome.balance : null);
    return outcome;
  }

  /**
   * Charges a call already answered, with no reservation before it: its row is written only if
   * the balance covers its fresh price (as its reservation would have), and only once per charge
   * id. One statement per call instead of a reservation and a settlement; for keys without caps
   * on accounts whose balance covers many calls (chargesAfter), where a refusal is rare.
   */
  async charge(request: ChargeRequest): Promise<ChargeOutcome> {
    const outcome = (await this.rounds.submit({ request })) as ChargeOutcome;
    if (outcome.ok) this.see(request.accountId, outcome.balance);
    else if (outcome.reason === 'balance') this.see(request.accountId, null);
    return outcome;
  }

  /** Charges `charge` (≤ the reserved amount) and frees the rest; null if nothing was open. */
  settle(chargeId: string, charge: number): Promise<number | null> {
    return this.closeCharge({ chargeId, kind: 'settle', charge, capped: this.keyed.has(chargeId) });
  }

  /** Frees the whole reservation; null if nothing was open. */
  release(chargeId: string): Promise<number | null> {
    return this.closeCharge({
      chargeId,
      kind: 'release',
      charge: 0,
      capped: this.keyed.has(chargeId),
    });
  }

  private async closeCharge(closing: Closing): Promise<number | null> {
    const balance = (await this.rounds.submit({ close: closing })) as number | null;
    this.keyed.delete(closing.chargeId);
    return balance;
  }

  /**
   * How a charge was closed, for a settlement retried after an error whose first attempt may
   * have committed: `settle` with what was charged, `release`, or null while it is still open.
   */
  async closedAs(chargeId: string): Promise<ClosedCharge | null> {
    return closedIn(this.db, chargeId);
  }

  async openAmong(chargeIds: readonly string[]): Promise<Set<string>> {
    const rows: { charge_id: string }[] = await this.db.query(
      'SELECT charge_id::text AS charge_id FROM gw.credit_reservation WHERE charge_id = ANY($1::uuid[])',
      [chargeIds],
    );
    return new Set(rows.map((row) => row.charge_id));
  }

  /** Releases reservations older than `olderThanMs` (their request died); returns how many. */
  async sweep(olderThanMs: number): Promise<number> {
    // The sweep gives back what those reservations counted; forget them here too.
    const before = Date.now() - olderThanMs;
    for (const [chargeId, at] of this.keyed) if (at < before) this.keyed.delete(chargeId);
    const row = firstRow<{ released: string }>(await this.db.query(SWEEP, [olderThanMs]));
    return Number(row?.released ?? 0);
  }

  /** Adds credits to an account; returns the new balance. */
  async topUp(accountId: string, amount: number): Promise<number> {
    return topUpIn(this.db, accountId, amount);
  }

  async undo(chargeId: string): Promise<UndoOutcome> {
    return (await undoIn(this.db, chargeId))[0]?.kind ?? 'none';
  }

  /** Every charge is written before its answer goes: nothing is left to wait for. */
  written(): Promise<void> {
    return DONE;
  }

  /**
   * Undefined: the balance is shared with every other gateway and lives in the account's row,
   * which the caller reads; this process never knows it to be current.
   */
  liveBalance(): undefined {
    return undefined;
  }

  /** Undefined: a key's spend is counted on its row by the statements, which the caller reads. */
  liveSpend(): undefined {
    return undefined;
  }

  /** Nothing to do: every reservation's statement reads the key's caps from its row. */
  capsChanged(): void {
    // No caps are kept in this process.
  }

  /** Nothing to put right: every change was one statement, committed or not at all. */
  start(): Promise<void> {
    return DONE;
  }

  /** Nothing waits in this process: every change is written before its caller hears of it. */
  close(): Promise<void> {
    return DONE;
  }
}

/** How the ledger says a charge was closed, with its account and that account's balance. */
export async function closedIn(
  db: DataSource,
  chargeId: string,
): Promise<(ClosedCharge & { readonly accountId: string }) | null> {
  type Row = { kind: ClosedCharge['kind']; charged: string; balance: string; account_id: string };
  const row = firstRow<Row>(
    await db.query(
      `SELECT l.kind, l.charged, a.balance, a.id::text AS account_id
         FROM gw.credit_ledger l JOIN gw.account a ON a.id = l.account_id
        WHERE l.charge_id = $1 AND l.kind IN ('settle', 'release')`,
      [chargeId],
    ),
  );
  if (!row) return null;
  const closed = { kind: row.kind, charged: Number(row.charged), balance: Number(row.balance) };
  return { ...closed, accountId: row.account_id };
}

/** One top-up statement; the balance it leaves. */
export async function topUpIn(db: DataSource, accountId: string, amount: number): Promise<number> {
  if (!Number.isInteger(amount) || amount <= 0)
    throw new Error('A top-up must be a positive whole number of hundredths');
  const row = firstRow<{ balance: string }>(
    await db.query(TOP_UP, [accountId, amount, randomUUID()]),
  );
  if (!row) throw new Error(`No account ${accountId}`);
  return Number(row.balance);
}

/** Runs UNDO_CHARGE; what it gave back to which account. */
export async function undoIn(
  db: DataSource,
  chargeId: string,
): Promise<{ kind: UndoOutcome; accountId: string; amount: number }[]> {
  const rows = allRows<{ kind: UndoOutcome; account_id: string; amount: string }>(
    await db.query(UNDO_CHARGE, [chargeId]),
  );
  return rows.map((r) => ({ kind: r.kind, accountId: r.account_id, amount: Number(r.amount) }));
}
