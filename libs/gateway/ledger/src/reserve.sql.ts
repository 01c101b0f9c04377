import { spentThisMonth, spentToday, UTC_TODAY } from '@nl/gateway-access';
import { after } from './credits.sql.js';

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
