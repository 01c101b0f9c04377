import { UTC_TODAY } from '@nl/gateway-access';
import { CLOSED_SPEND, USAGE_CONFLICT, USAGE_UPSERT, closingHeld } from './credits.sql.js';
import { creditFit, toldBalance } from './reserve.sql.js';

/**
 * One round of the Postgres credits for keys without spend caps (SqlCredits): it closes one
 * batch, reserves another and makes a third batch's charges after the fact, in one statement.
 * All three change the same account rows, so as separate statements each waited for the others'
 * locks and commits (the slowest part of the Postgres profile under load).
 *
 * The closed reservations are deleted first (as in `closeMany`); the accounts of all three
 * batches are then locked in id order, and the requests (reservations and charges) are taken in
 * arrival order per account, each only if what the ones taken before it left of the balance,
 * with this round's refunds in it, covers what it holds: its fresh price (creditFit). A
 * reservation then takes that price off the balance and leaves a `reserve` row and an open
 * reservation; a charge (a call already answered, SqlCredits.charge) takes only what it is
 * charged and leaves one `settle` row that stands for its reservation too (`reserved`,
 * `reserved_at`, as the embedded profile writes them). A refused request takes nothing, so the
 * ones after it may still fit; the taken ones never take the balance below zero. Each account
 * is updated once, by its net change.
 *
 * A charge's row is written only if its charge id has none yet (`ON CONFLICT DO NOTHING`): a
 * charge run again after a connection died under its first attempt can never count twice.
 *
 * `$1`–`$6` the requests (charge ids, accounts, fresh prices, endpoints, request ids, and what a
 * charge is charged: null for a reservation); `$7`–`$9` the closes (charge ids, charges,
 * kinds). One row per close (`side` 'c': the balance after the statement, and what a counted
 * reservation gives back, see CLOSED_SPEND) and per request (`side` 'r': admitted or not, the
 * balance after it, and for a charge whether its row was written).
 */
export const CREDIT_CYCLE = `WITH req AS (
         SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::bigint[], $4::text[], $5::text[], $6::bigint[])
           WITH ORDINALITY AS r(charge_id, account_id, amount, endpoint, request_id, charge, ord)
       ), ${closingHeld(7)}, acc AS (
         SELECT id, balance FROM gw.account
          WHERE id IN (SELECT account_id FROM req UNION SELECT account_id FROM held) ORDER BY id FOR UPDATE
       ), refund AS (
         SELECT account_id, sum(amount - charged) AS refund FROM held GROUP BY account_id
       ), avail AS (
         SELECT acc.id, acc.balance + coalesce(f.refund, 0) AS balance
           FROM acc LEFT JOIN refund f ON f.account_id = acc.id
       ), fit AS (
         SELECT d.*, ${creditFit('amount', 'debit')} AS folded
           FROM (SELECT r.*, avail.balance, coalesce(LEAST(r.charge, r.amount), r.amount) AS debit
                   FROM req r JOIN avail ON avail.id = r.account_id) d
       ), ok AS (
         SELECT * FROM fit WHERE folded[2] = 1
       ), direct AS (
         INSERT INTO gw.credit_ledger (account_id, kind, charge_id, request_id, endpoint, amount, charged, reserved, reserved_at)
         SELECT account_id, 'settle', charge_id, request_id, endpoint, -debit, debit, amount, now()
           FROM ok WHERE charge IS NOT NULL
         ON CONFLICT (charge_id, kind) DO NOTHING
         RETURNING charge_id, account_id, endpoint, charged
       ), net AS (
         SELECT avail.id, coalesce(f.refund, 0) - coalesce(d.total, 0) - coalesce(c.total, 0) AS delta
           FROM avail LEFT JOIN refund f ON f.account_id = avail.id
           LEFT JOIN (SELECT account_id, sum(amount) AS total FROM ok WHERE charge IS NULL GROUP BY account_id) d
             ON d.account_id = avail.id
           LEFT JOIN (SELECT account_id, sum(charged) AS total FROM direct GROUP BY account_id) c
             ON c.account_id = avail.id
       ), moved AS (
         UPDATE gw.account a SET balance = a.balance + net.delta
           FROM net WHERE a.id = net.id AND (net.delta <> 0 OR net.id IN (SELECT account_id FROM held))
         RETURNING a.id, a.balance
       ), hold AS (
         INSERT INTO gw.credit_reservation (charge_id, account_id, amount, endpoint, request_id)
         SELECT charge_id, account_id, amount, endpoint, request_id FROM ok WHERE charge IS NULL
       ), entry AS (
         INSERT INTO gw.credit_ledger (account_id, kind, charge_id, request_id, endpoint, amount, charged)
         SELECT account_id, kind, charge_id, request_id, endpoint, amount - charged, charged FROM held
         UNION ALL
         SELECT account_id, 'reserve', charge_id, request_id, endpoint, -amount, 0 FROM ok WHERE charge IS NULL
       ), usage AS (
         ${USAGE_UPSERT}
         SELECT account_id, ${UTC_TODAY}, endpoint, count(*), sum(charged)
           FROM (SELECT account_id, endpoint, charged FROM held WHERE kind = 'settle'
                 UNION ALL SELECT account_id, endpoint, charged FROM direct) s
          GROUP BY account_id, endpoint
         ${USAGE_CONFLICT}
       )
       SELECT 'c' AS side, held.charge_id::text AS charge_id, NULL::boolean AS reserved, NULL::boolean AS written,
              moved.balance::text AS balance, ${CLOSED_SPEND}
         FROM held JOIN moved ON moved.id = held.account_id
       UNION ALL
       SELECT 'r', q.charge_id::text, r.folded[2] = 1,
              CASE WHEN q.charge IS NOT NULL THEN d.charge_id IS NOT NULL END,
              (${toldBalance('debit')})::text, NULL, NULL, NULL
         FROM req q LEFT JOIN fit r ON r.ord = q.ord LEFT JOIN direct d ON d.charge_id = q.charge_id`;
