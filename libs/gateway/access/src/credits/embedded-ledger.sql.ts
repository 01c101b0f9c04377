/**
 * The embedded profile's group commit (EmbeddedCredits): every charge closed since the last
 * commit, in one statement. Each charge gets one ledger row, its `settle` or `release`, that
 * stands for its reservation too (`reserved`, `reserved_at`: what was held and when; the hold
 * itself lived in memory only), with `amount` the net change to the balance. The accounts lose
 * what was charged, settlements count in the usage rollup of their day, capped keys get their
 * counters as this process keeps them, and the delivery list is replaced.
 *
 * `$1`–`$10` the charges (ids, accounts, keys or null, kinds, reserved amounts, charges,
 * endpoints, request ids, reserved at, closed at); `$11`–`$14` the keys' counters (ids, days,
 * day and month spent); `$15` the charges whose answers may not have gone out yet.
 */
export const GROUP_COMMIT = `WITH c AS (
         SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::text[], $5::bigint[], $6::bigint[],
                              $7::text[], $8::text[], $9::timestamptz[], $10::timestamptz[])
           AS c(charge_id, account_id, key_id, kind, amount, charged, endpoint, request_id, reserved_at, closed_at)
       ), entry AS (
         INSERT INTO gw.credit_ledger (account_id, kind, charge_id, request_id, endpoint, amount, charged, key_id,
                                       reserved, reserved_at, created_at)
         SELECT account_id, kind, charge_id, request_id, endpoint, -charged, charged, key_id, amount, reserved_at, closed_at
           FROM c
       ), debit AS (
         UPDATE gw.account a SET balance = a.balance - s.charged
           FROM (SELECT account_id, sum(charged) AS charged FROM c GROUP BY account_id) s
          WHERE a.id = s.account_id AND s.charged <> 0
       ), usage AS (
         INSERT INTO gw.usage_daily (account_id, day, endpoint, calls, charged)
         SELECT account_id, (closed_at AT TIME ZONE 'UTC')::date, endpoint, count(*), sum(charged)
           FROM c WHERE kind = 'settle' GROUP BY 1, 2, 3
         ON CONFLICT (account_id, day, endpoint) DO UPDATE
            SET calls = gw.usage_daily.calls + EXCLUDED.calls, charged = gw.usage_daily.charged + EXCLUDED.charged
       ), spend AS (
         UPDATE gw.api_key k SET spend_day = s.day, day_spent = s.day_spent, month_spent = s.month_spent
           FROM unnest($11::uuid[], $12::date[], $13::bigint[], $14::bigint[]) AS s(id, day, day_spent, month_spent)
          WHERE k.id = s.id
       ), delivery AS (
         UPDATE gw.credit_delivery SET undelivered = $15::uuid[], updated_at = now() WHERE id = 1
       )
       SELECT count(*)::int AS closed FROM c`;

/** Replaces the delivery list alone (no charge closed since it changed). */
export const SET_UNDELIVERED = `UPDATE gw.credit_delivery SET undelivered = $1::uuid[], updated_at = now() WHERE id = 1`;

export const READ_UNDELIVERED = `SELECT undelivered::text[] AS undelivered FROM gw.credit_delivery WHERE id = 1`;

/** What the embedded books start from: an account's committed balance. */
export const READ_ACCOUNT = `SELECT balance::text AS balance FROM gw.account WHERE id = $1`;

/** A key's caps and committed counters. */
export const READ_KEY = `SELECT daily_cap::text AS daily_cap, monthly_cap::text AS monthly_cap,
                                to_char(spend_day, 'YYYY-MM-DD') AS spend_day,
                                day_spent::text AS day_spent, month_spent::text AS month_spent
                           FROM gw.api_key WHERE id = $1`;
