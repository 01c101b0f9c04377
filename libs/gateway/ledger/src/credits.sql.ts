import { spentThisMonth, spentToday, UTC_TODAY } from '@nl/gateway-access';

/**
 * The credit statements, each one atomic data-modifying CTE. Reservations of a
 * key with spend caps, and their closes, take the `capped` forms: the only ones that look at
 * `gw.api_key`, so a call of a key without caps neither reads nor locks a key row.
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
const after = (cte: string) => `(SELECT count(*) FROM ${cte}) >= 0`;

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

/**
 * Folds each account's requests (rows with `account_id`, `ord` and the account's `balance`) in
 * arrival order through `gw.credit_fit`: `need` is what must fit, `take` what a taken request
 * takes off, `caps` its key's slot and room (`slot, day_left, month_left`; nulls: no caps). The
 * result is an array: `[1]` the balance left after the request, `[2]` 1 if it was taken, 0 if
 * the balance did not cover it, -1 or -2 if it would cross its key's daily or monthly cap. A
 * request is taken only if it fits what the ones taken before it left: a refused one takes
 * nothing, of the balance or of a cap.
 */
export const creditFit = (
  need: string,
  take: string,
  caps = 'NULL::int, NULL::bigint, NULL::bigint',
) =>
  `gw.credit_fit(${need}, ${take}, balance::bigint, ${caps}) OVER (PARTITION BY account_id ORDER BY ord)`;

/**
 * The batch's capped keys (their rows locked, so their counters are the committed ones, not the
 * statement's snapshot) and what each may still spend; `slot` numbers an account's capped keys
 * for the fold.
 */
const CAPS = `caps AS (
         SELECT k.id, k.daily_cap, k.monthly_cap, ${spentToday('k')} AS day_spent, ${spentThisMonth('k')} AS month_spent
           FROM gw.api_key k
          WHERE k.id IN (SELECT key_id FROM req) AND (k.daily_cap IS NOT NULL OR k.monthly_cap IS NOT NULL)
            AND ${after('acc')}
          ORDER BY k.id FOR UPDATE
       ), capped AS (
         SELECT req.*, acc.balance, caps.id AS spend_key, caps.daily_cap, caps.monthly_cap, caps.day_spent, caps.month_spent,
                CASE WHEN caps.id IS NOT NULL THEN dense_rank() OVER (PARTITION BY req.account_id ORDER BY caps.id) END AS slot
           FROM req JOIN acc ON acc.id = req.account_id LEFT JOIN caps ON caps.id = req.key_id
       ), fit AS (
         SELECT f.*, CASE f.folded[2] WHEN -2 THEN 'monthly' WHEN -1 THEN 'daily' END AS over
           FROM (SELECT capped.*, ${creditFit('amount', 'amount', 'slot::int, daily_cap - day_spent, monthly_cap - month_spent')} AS folded
                   FROM capped) f
       ),`;

/** The plain form's fold: every request against its account's balance. */
const FIT = `fit AS (
         SELECT req.*, acc.balance, ${creditFit('amount', 'amount')} AS folded
           FROM req JOIN acc ON acc.id = req.account_id
       ),`;

/** What a refused request is told about the cap in its way: the key's spend after this statement. */
const CAP_COLUMNS = `, r.over AS period,
              (CASE r.over WHEN 'monthly' THEN r.monthly_cap ELSE r.daily_cap END)::text AS cap,
              (CASE WHEN r.over IS NOT NULL THEN
                 CASE r.over WHEN 'monthly' THEN r.month_spent ELSE r.day_spent END
                 + (SELECT coalesce(sum(o.amount), 0) FROM ok o WHERE o.spend_key = r.spend_key) END)::text AS spent,
              to_char(${UTC_TODAY}, 'YYYY-MM-DD') AS day`;

/** Adds what each capped key had reserved to its counters, moving them to today first. */
const COUNT_SPEND = `counted AS (
         UPDATE gw.api_key k
            SET spend_day = ${UTC_TODAY}, day_spent = ${spentToday('k')} + s.total, month_spent = ${spentThisMonth('k')} + s.total
           FROM (SELECT spend_key, sum(amount) AS total FROM ok WHERE spend_key IS NOT NULL GROUP BY spend_key) s
          WHERE k.id = s.spend_key
       ),`;

/**
 * The balance a request is told: after it if it was taken, else the account's after the
 * statement (which its price exceeds: the fold only ever lowers it).
 */
export const toldBalance = (taken: string) =>
  `CASE WHEN r.folded[2] = 1 THEN r.folded[1]
        ELSE r.balance - (SELECT coalesce(sum(o.${taken}), 0) FROM ok o WHERE o.account_id = r.account_id) END`;

/**
 * Reserves a batch. Accounts are locked in id order (no deadlocks between replicas), then the
 * capped keys in id order; per account, requests are taken in arrival order while each fits
 * what the ones taken before it left, of the balance and of its key's caps (creditFit), so the
 * balance never goes below zero, no cap is crossed and nothing is reserved twice. `$6`, the
 * keys, only in the capped form.
 */
export function reserveMany(capped: boolean): string {
  const keyed = capped ? ', $6::uuid[]' : '';
  const key = capped ? ', key_id' : '';
  return `WITH req AS (
         SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::bigint[], $4::text[], $5::text[]${keyed})
           WITH ORDINALITY AS r(charge_id, account_id, amount, endpoint, request_id${key}, ord)
       ), acc AS (
         SELECT id, balance FROM gw.account WHERE id IN (SELECT account_id FROM req) ORDER BY id FOR UPDATE
       ), ${capped ? CAPS : FIT} ok AS (
         SELECT * FROM fit WHERE folded[2] = 1
       ), debit AS (
         UPDATE gw.account a SET balance = a.balance - s.total
           FROM (SELECT account_id, sum(amount) AS total FROM ok GROUP BY account_id) s
          WHERE a.id = s.account_id
       ), ${capped ? COUNT_SPEND : ''} held AS (
         INSERT INTO gw.credit_reservation (charge_id, account_id, amount, endpoint, request_id${capped ? ', key_id, spend_day' : ''})
         SELECT charge_id, account_id, amount, endpoint, request_id${capped ? `, spend_key, CASE WHEN spend_key IS NOT NULL THEN ${UTC_TODAY} END` : ''} FROM ok
       ), entry AS (
         INSERT INTO gw.credit_ledger (account_id, kind, charge_id, request_id, endpoint, amount${key})
         SELECT account_id, 'reserve', charge_id, request_id, endpoint, -amount${capped ? ', spend_key' : ''} FROM ok
       )
       SELECT q.charge_id::text AS charge_id, r.folded[2] = 1 AS reserved, (${toldBalance('amount')})::text AS balance
              ${capped ? CAP_COLUMNS : ''}
         FROM req q LEFT JOIN fit r ON r.ord = q.ord`;
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

/** Releases the reservations older than `$1` ms (their request died); counts them. */
export const SWEEP = `WITH held AS (
           DELETE FROM gw.credit_reservation WHERE created_at < now() - make_interval(secs => $1::float8 / 1000)
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
