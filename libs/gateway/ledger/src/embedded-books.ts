import type { CapPeriod, SpendCapReached } from './spend-caps.js';
import { capResetsAt } from './spend-caps.js';

/**
 * An account as the embedded profile keeps it: `committed` is the balance the database holds
 * (top-ups − settled charges written so far); `held` the open reservations and `pending` the
 * charges settled here whose group commit has not finished. What a call may spend is
 * committed − held − pending, the same number the distributed profile keeps in its row.
 */
export interface AccountBook {
  committed: number;
  held: number;
  pending: number;
}

export const available = (book: AccountBook): number => book.committed - book.held - book.pending;

/** A key's spend counters as `gw.api_key` stores them: for `day` (UTC, YYYY-MM-DD) and its month. */
export interface Counters {
  readonly day: string | null;
  readonly daySpent: number;
  readonly monthSpent: number;
}

export const sameMonth = (a: string | null, b: string): boolean => a?.slice(0, 7) === b.slice(0, 7);

/** The counters after `charged` more was spent on `day` (the day its reservation counted for). */
export function spend(counters: Counters, day: string, charged: number): Counters {
  if (counters.day === day)
    return {
      day,
      daySpent: counters.daySpent + charged,
      monthSpent: counters.monthSpent + charged,
    };
  if (counters.day === null || counters.day < day)
    return {
      day,
      daySpent: charged,
      monthSpent: (sameMonth(counters.day, day) ? counters.monthSpent : 0) + charged,
    };
  // A reservation from before the counters' day, settled after it: only its month can count.
  return sameMonth(counters.day, day)
    ? { ...counters, monthSpent: counters.monthSpent + charged }
    : counters;
}

/**
 * A capped key in the embedded profile: its caps, its committed counters (as in the database),
 * and per UTC day what its open reservations hold and its settled-but-uncommitted charges
 * cost. Spend = committed + held + pending, as the distributed profile counts it on the row.
 */
export class KeyBook {
  readonly held = new Map<string, number>();
  readonly pending = new Map<string, number>();
  /** Set when the caps changed: they are read again before the next reservation. */
  stale = false;

  constructor(
    public caps: { readonly daily: number | null; readonly monthly: number | null },
    public committed: Counters,
  ) {}

  get capped(): boolean {
    return this.caps.daily !== null || this.caps.monthly !== null;
  }

  spentOn(today: string): { today: number; month: number } {
    const c = this.committed;
    let day = c.day === today ? c.daySpent : 0;
    let month = sameMonth(c.day, today) ? c.monthSpent : 0;
    for (const part of [this.held, this.pending])
      for (const [d, amount] of part) {
        if (d === today) day += amount;
        if (sameMonth(d, today)) month += amount;
      }
    return { today: day, month };
  }

  /** The cap `amount` more would cross today (the monthly one first: it resets later), or null. */
  wouldCross(amount: number, today: string): SpendCapReached | null {
    const spent = this.spentOn(today);
    const over = (period: CapPeriod, cap: number | null, now: number): SpendCapReached | null =>
      cap !== null && now + amount > cap
        ? { period, cap, spent: now, resetsAt: capResetsAt(period, today) }
        : null;
    return (
      over('monthly', this.caps.monthly, spent.month) ?? over('daily', this.caps.daily, spent.today)
    );
  }
}

/** Adds `amount` to `map[key]`, dropping the entry when it comes to 0. */
export function add(map: Map<string, number>, key: string, amount: number): void {
  const next = (map.get(key) ?? 0) + amount;
  if (next === 0) map.delete(key);
  else map.set(key, next);
}

const DAY_MS = 86_400_000;

/** A UTC day as YYYY-MM-DD, and the epoch milliseconds it spans: [from, to). */
export interface UtcDay {
  readonly day: string;
  readonly from: number;
  readonly to: number;
}

/** The last day utcDay printed: every paid call asks. */
let known: UtcDay = { day: '', from: 0, to: 0 };

/** The UTC day of `now` (epoch milliseconds; today by default), with its span. */
export function utcDayOf(now = Date.now()): UtcDay {
  if (now < known.from || now >= known.to) {
    const from = now - (now % DAY_MS);
    known = { day: new Date(from).toISOString().slice(0, 10), from, to: from + DAY_MS };
  }
  return known;
}

/** The UTC day of `now` (epoch milliseconds; today by default) as YYYY-MM-DD. */
export function utcDay(now = Date.now()): string {
  return utcDayOf(now).day;
}

/** A key row as READ_KEY (embedded-ledger.sql.ts) reads it. */
export interface KeyRow {
  daily_cap: string | null;
  monthly_cap: string | null;
  spend_day: string | null;
  day_spent: string;
  month_spent: string;
}

const amountOrNull = (value: string | null) => (value === null ? null : Number(value));

/** A key row's caps and committed counters, as a KeyBook holds them. */
export function keyBookOf(row: KeyRow): Pick<KeyBook, 'caps' | 'committed' | 'stale'> {
  return {
    caps: { daily: amountOrNull(row.daily_cap), monthly: amountOrNull(row.monthly_cap) },
    committed: {
      day: row.spend_day,
      daySpent: Number(row.day_spent),
      monthSpent: Number(row.month_spent),
    },
    stale: false,
  };
}
