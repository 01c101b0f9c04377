import {
  CLOSED_SPEND,
  USAGE_CONFLICT,
  USAGE_UPSERT,
  UTC_TODAY,
  closingHeld,
} from './credits.sql.js';

/**
 * Closes one batch and reserves another in one statement, for keys without spend caps (issue
 * 17's distributed row): both change the same account rows, so as two statements each waited
 * for the other's lock and commit. Here the closed reservations are deleted first (as in
 * `closeMany`), the accounts of both batches are locked in id order, and the reservations are
 * taken in arrival order while their running total fits the balance with this batch's
 * refunds already in it; each account is updated once, by its net change.
 *
 * `$1`–`$5` the reservations (charge ids, accounts, amounts, endpoints, request ids); `$6`–`$8`
 * the closes (charge ids, charges, kinds). One row per close (`side` 'c': the balance after
 * the statement, and what a counted reservation gives back, see CLOSED_SPEND) and per
 * reservation (`side` 'r': reserved or not, and the balance after it).
 */
export const CLOSE_AND_RESERVE = `WITH req AS (
         SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::bigint[], $4::text[], $5::text[])
           WITH ORDINALITY AS r(charge_id, account_id, amount, endpoint, request_id, ord)
       ), ${closingHeld(6)}, acc AS (
         SELECT id, balance FROM gw.account
          WHERE id IN (SELECT account_id FROM req UNION SELECT account_id FROM held) ORDER BY id FOR UPDATE
       ), refund AS (
         SELECT account_id, sum(amount - charged) AS refund FROM held GROUP BY account_id
       ), avail AS (
         SELECT acc.id, acc.balance + coalesce(f.refund, 0) AS balance
           FROM acc LEFT JOIN refund f ON f.account_id = acc.id
       ), ranked AS (
         SELECT r.*, sum(r.amount) OVER (PARTITION BY r.account_id ORDER BY r.ord) AS cum FROM req r
       ), ok AS (
         SELECT ranked.* FROM ranked JOIN avail ON avail.id = ranked.account_id WHERE ranked.cum <= avail.balance
       ), net AS (
         SELECT avail.id, coalesce(f.refund, 0) - coalesce(d.total, 0) AS delta
           FROM avail LEFT JOIN refund f ON f.account_id = avail.id
           LEFT JOIN (SELECT account_id, sum(amount) AS total FROM ok GROUP BY account_id) d ON d.account_id = avail.id
       ), moved AS (
         UPDATE gw.account a SET balance = a.balance + net.delta
           FROM net WHERE a.id = net.id AND (net.delta <> 0 OR net.id IN (SELECT account_id FROM held))
         RETURNING a.id, a.balance
       ), hold AS (
         INSERT INTO gw.credit_reservation (charge_id, account_id, amount, endpoint, request_id)
         SELECT charge_id, account_id, amount, endpoint, request_id FROM ok
       ), entry AS (
         INSERT INTO gw.credit_ledger (account_id, kind, charge_id, request_id, endpoint, amount, charged)
         SELECT account_id, kind, charge_id, request_id, endpoint, amount - charged, charged FROM held
         UNION ALL
         SELECT account_id, 'reserve', charge_id, request_id, endpoint, -amount, 0 FROM ok
       ), usage AS (
         ${USAGE_UPSERT}
         SELECT account_id, ${UTC_TODAY}, endpoint, count(*), sum(charged) FROM held
          WHERE kind = 'settle' GROUP BY account_id, endpoint
         ${USAGE_CONFLICT}
       )
       SELECT 'c' AS side, held.charge_id::text AS charge_id, NULL::boolean AS reserved,
              moved.balance::text AS balance, ${CLOSED_SPEND}
         FROM held JOIN moved ON moved.id = held.account_id
       UNION ALL
       SELECT 'r', r.charge_id::text, ok.charge_id IS NOT NULL,
              (avail.balance - coalesce(ok.cum, (SELECT coalesce(sum(o.amount), 0) FROM ok o WHERE o.account_id = r.account_id)))::text,
              NULL, NULL, NULL
         FROM req r LEFT JOIN ok ON ok.charge_id = r.charge_id LEFT JOIN avail ON avail.id = r.account_id`;
