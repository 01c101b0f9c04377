import { UTC_TODAY } from '@nl/gateway-access';
import { BATCH_REQUEST_PREFIX } from './batch-holds.js';

/**
 * The credit statements, each one atomic data-modifying CTE: closes, the sweep, undo and top-up
 * here, reservations in reserve.sql.ts. Reservations of a key with spend caps, and their closes,
 * take the `capped` forms: the only ones that look at `gw.api_key`, so a call of a key without
 * caps neither reads nor locks a key row.
 */

/** Settlements add to `gw.usage_daily` in the statement that writes them. */
export const USAGE_UPSERT =
  'INSERT INTO gw.usage_daily (account_id, day, endpoint, calls, charged)';
export const USAGE_CONFLICT = `ON CONFLICT (account_id, day, endpoint) DO UPDATE
             SET calls = gw.usage_daily.calls + EXCLUDED.calls, charged = gw.usage_daily.charged + EXCLUDED.charged`;

/**
 * True once the CTE `cte` has run to its end: a condition that makes a key lock wait for the
 * account locks, so every statement locks accounts first and keys second (no deadlocks).
 */
export const after = (cte: string) => `(SELECT count(*) FROM ${cte}) >= 0`;

/**
 * Gives spend back to capped keys: `source` has rows (key_id, spend_day, back), and each key
 * loses what was counted on that day from its day counter (if still that day) and month
 * counter (if still that month). Keys are locked in id order once `accounts` has run.
 */
export function giveBackSpend(source: string, accounts: string): string {
  const sumBack = (same: string) =>
    `(SELECT coalesce(sum(s.back), 0) FROM ${source} s WHERE s.key_id = k.id AND ${same})`;
  return `spend_keys AS (
         SELECT id FROM gw.api_key WHERE id IN (SELECT key_id FROM ${source}) AND ${after(accounts)}
          ORDER BY id FOR UPDATE
       ), unspent AS (
         UPDATE gw.api_key k
            SET day_spent = k.day_spent - ${sumBack('s.spend_day = k.spend_day')},
                month_spent = k.month_spent - ${sumBack(`date_trunc('month', s.spend_day) = date_trunc('month', k.spend_day)`)}
           FROM spend_keys l WHERE k.id = l.id
       )`;
}

/** The spend a closed reservation counted on its key (none: null), for {@link GIVE_BACK}. */
export const CLOSED_SPEND = `held.key_id::text AS key_id, to_char(held.spend_day, 'YYYY-MM-DD') AS spend_day,
                (held.amount - held.charged)::text AS back`;

/** In a close statement: what the closed reservations (`held`) did not charge goes back to their keys. */
const GIVE_BACK_HELD = (accounts: string) => `back AS (
         SELECT key_id, spend_day, amount - charged AS back FROM held WHERE key_id IS NOT NULL
       ), ${giveBackSpend('back', accounts)}`;

/**
 * The closes of a statement (`$n`, `$n+1`, `$n+2`: charge ids, charges, kinds) as CTE `closes`,
 * and `held`, the reservations they delete with what each is charged (at most what it held).
 */
export const closingHeld = (n: number) => `closes AS (
         SELECT * FROM unnest($${n}::uuid[], $${n + 1}::bigint[], $${n + 2}::text[]) AS r(charge_id, charge, kind)
       ), held AS (
         DELETE FROM gw.credit_reservation c USING closes WHERE c.charge_id = closes.charge_id
         RETURNING c.charge_id, c.account_id, c.amount, c.endpoint, c.request_id, c.key_id, c.spend_day,
                   closes.kind, LEAST(closes.charge, c.amount) AS charged
       )`;

/** Settles and releases a batch: `$1` charge ids, `$2` charges, `$3` kinds. */
export function closeMany(capped: boolean): string {
  return `WITH ${closingHeld(1)}, locked AS (
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
       )${capped ? `, ${GIVE_BACK_HELD('locked')}` : ''}
       SELECT held.charge_id::text AS charge_id, credit.balance::text AS balance, ${CLOSED_SPEND}
         FROM held JOIN credit ON credit.id = held.account_id`;
}

/**
 * Gives spend back on its own, `$1` keys, `$2` days, `$3` amounts: for a counted reservation
 * closed by the plain statement (by a process that did not reserve it), right after it.
 */
export const GIVE_BACK = `WITH back AS (
         SELECT * FROM unnest($1::uuid[], $2::date[], $3::bigint[]) AS b(key_id, spend_day, back)
       ), ${giveBackSpend('back', 'back')}
       SELECT count(*) AS keys FROM spend_keys`;

/**
 * Releases the reservations older than `$1` ms (their request died), except batch items' (which
 * live as long as their job); counts them.
 */
export const SWEEP = `WITH held AS (
           DELETE FROM gw.credit_reservation
            WHERE created_at < now() - make_interval(secs => $1::float8 / 1000)
              AND request_id NOT LIKE '${BATCH_REQUEST_PREFIX}%'
           RETURNING charge_id, account_id, amount, endpoint, request_id, key_id, spend_day
         ), per_account AS (
           SELECT account_id, sum(amount) AS amount FROM held GROUP BY account_id
         ), credit AS (
           UPDATE gw.account a SET balance = a.balance + p.amount FROM per_account p WHERE a.id = p.account_id
           RETURNING a.id
         ), entry AS (
           INSERT INTO gw.credit_ledger (account_id, kind, charge_id, request_id, endpoint, amount)
           SELECT account_id, 'release', charge_id, request_id, endpoint, amount FROM held
         ), back AS (
           SELECT key_id, spend_day, amount AS back FROM held WHERE key_id IS NOT NULL
         ), ${giveBackSpend('back', 'credit')}
         SELECT count(*) AS released FROM held`;

/** What undoing a charge did: refunded its settlement, released its reservation, or nothing. */
export type UndoOutcome = 'refund' | 'release' | 'none';

/**
 * One statement that makes a charge as if it had never been asked for: an open reservation is
 * released (as the sweeper would); a settlement is refunded with a `refund` row (amount +charged,
 * charged −charged) and taken out of the usage rollup of its day. A capped key gets back what
 * was counted for the charge (its `reserve` ledger row names the key and the day, or in the
 * embedded profile the settle row that stands for its reservation). The NOT
 * EXISTS guard and the ledger's unique (charge_id, kind) make a second undo do nothing. Returns
 * what was given back to which account (`amount`), one row per undone entry.
 */
export const UNDO_CHARGE = `WITH held AS (
    DELETE FROM gw.credit_reservation WHERE charge_id = $1
    RETURNING account_id, amount, endpoint, request_id, key_id, spend_day
  ), settled AS (
    SELECT s.account_id, s.charged, s.endpoint, s.request_id, (s.created_at AT TIME ZONE 'UTC')::date AS day,
           s.key_id, (s.reserved_at AT TIME ZONE 'UTC')::date AS spend_day
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
    UNION ALL
    SELECT key_id, spend_day, charged FROM settled WHERE key_id IS NOT NULL AND spend_day IS NOT NULL
  ), ${giveBackSpend('spend', 'credit')}
  SELECT kind, account_id::text AS account_id, amount::text AS amount FROM back`;

/** Adds `$2` to account `$1` with a `topup` row (charge id `$3`); the new balance. */
export const TOP_UP = `WITH credit AS (
           UPDATE gw.account SET balance = balance + $2 WHERE id = $1 RETURNING balance
         ), entry AS (
           INSERT INTO gw.credit_ledger (account_id, kind, charge_id, amount) SELECT $1, 'topup', $3, $2 FROM credit
         )
         SELECT balance FROM credit`;
