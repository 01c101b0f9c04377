/**
 * The embedded profile's group commit (EmbeddedCredits): every charge closed since the last
 * commit, in one statement. Each charge gets one ledger row, its `settle` or `release`, that
 * stands for its reservation too (`reserved`, `reserved_at`: what was held and when; the hold
 * itself lived in memory only), with `amount` the net change to the balance. What the charges
 * add up to comes summed (LedgerBatch): the accounts lose what was charged, settlements count
 * in the usage rollup of their day, capped keys get their counters as this process keeps them,
 * and the delivery list is replaced. The rows go straight from unnest into the ledger, read
 * once: summing them here as well cost PGlite a third of each commit.
 *
 * `$1`–`$10` the charges (ids, accounts, keys or null, kinds, reserved amounts, charges,
 * endpoints, request ids, reserved at, closed at); `$11`–`$12` the accounts and what they were
 * charged; `$13`–`$17` the usage rows (accounts, days, endpoints, calls, charged); `$18`–`$21`
 * the keys' counters (ids, days, day and month spent); `$22` the charges whose answers may not
 * have gone out yet.
 */
export const GROUP_COMMIT = `WITH entry AS (
         INSERT INTO gw.credit_ledger (account_id, kind, charge_id, request_id, endpoint, amount, charged, key_id,
                                       reserved, reserved_at, created_at)
         SELECT account_id, kind, charge_id, request_id, endpoint, -charged, charged, key_id, amount, reserved_at, closed_at
           FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::text[], $5::bigint[], $6::bigint[],
                       $7::text[], $8::text[], $9::timestamptz[], $10::timestamptz[])
             AS c(charge_id, account_id, key_id, kind, amount, charged, endpoint, request_id, reserved_at, closed_at)
       ), debit AS (
         UPDATE gw.account a SET balance = a.balance - d.charged
           FROM unnest($11::uuid[], $12::bigint[]) AS d(id, charged)
          WHERE a.id = d.id
       ), usage AS (
         INSERT INTO gw.usage_daily (account_id, day, endpoint, calls, charged)
         SELECT * FROM unnest($13::uuid[], $14::date[], $15::text[], $16::bigint[], $17::bigint[])
         ON CONFLICT (account_id, day, endpoint) DO UPDATE
            SET calls = gw.usage_daily.calls + EXCLUDED.calls, charged = gw.usage_daily.charged + EXCLUDED.charged
       ), spend AS (
         UPDATE gw.api_key k SET spend_day = s.day, day_spent = s.day_spent, month_spent = s.month_spent
           FROM unnest($18::uuid[], $19::date[], $20::bigint[], $21::bigint[]) AS s(id, day, day_spent, month_spent)
          WHERE k.id = s.id
       )
       UPDATE gw.credit_delivery SET undelivered = $22::uuid[], updated_at = now() WHERE id = 1`;

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
