/**
 * The credit statements (ARCHITECTURE §5), each one atomic data-modifying CTE, kept apart from
 * CreditsService so that the service reads as what it does and the SQL as how.
 */

/** The day a settlement counts for in the usage rollup: the UTC date of the ledger row. */
export const UTC_TODAY = `(now() AT TIME ZONE 'UTC')::date`;
/** Settlements add to `gw.usage_daily` in the statement that writes them. */
const USAGE_UPSERT = 'INSERT INTO gw.usage_daily (account_id, day, endpoint, calls, charged)';
const USAGE_CONFLICT = `ON CONFLICT (account_id, day, endpoint) DO UPDATE
             SET calls = gw.usage_daily.calls + EXCLUDED.calls, charged = gw.usage_daily.charged + EXCLUDED.charged`;

/** One reservation (embedded PGlite: no batching). */
export const RESERVE_ONE = `WITH debit AS (
           UPDATE gw.account SET balance = balance - $2 WHERE id = $1 AND balance >= $2 RETURNING balance
         ), held AS (
           INSERT INTO gw.credit_reservation (charge_id, account_id, amount, endpoint, request_id)
           SELECT $3, $1, $2, $4, $5 FROM debit
         ), entry AS (
           INSERT INTO gw.credit_ledger (account_id, kind, charge_id, request_id, endpoint, amount)
           SELECT $1, 'reserve', $3, $5, $4, -$2 FROM debit
         )
         SELECT balance FROM debit`;

/**
 * Reserves a batch. Accounts are locked in id order (no deadlocks between replicas); per
 * account, requests are taken in arrival order while the running total fits the balance, so
 * the balance never goes below zero and nothing is reserved twice.
 */
export const RESERVE_MANY = `WITH req AS (
         SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::bigint[], $4::text[], $5::text[])
           WITH ORDINALITY AS r(charge_id, account_id, amount, endpoint, request_id, ord)
       ), acc AS (
         SELECT id, balance FROM gw.account WHERE id IN (SELECT account_id FROM req) ORDER BY id FOR UPDATE
       ), ranked AS (
         SELECT req.*, sum(req.amount) OVER (PARTITION BY req.account_id ORDER BY req.ord) AS cum FROM req
       ), ok AS (
         SELECT ranked.* FROM ranked JOIN acc ON acc.id = ranked.account_id WHERE ranked.cum <= acc.balance
       ), debit AS (
         UPDATE gw.account a SET balance = a.balance - s.total
           FROM (SELECT account_id, sum(amount) AS total FROM ok GROUP BY account_id) s
          WHERE a.id = s.account_id
       ), held AS (
         INSERT INTO gw.credit_reservation (charge_id, account_id, amount, endpoint, request_id)
         SELECT charge_id, account_id, amount, endpoint, request_id FROM ok
       ), entry AS (
         INSERT INTO gw.credit_ledger (account_id, kind, charge_id, request_id, endpoint, amount)
         SELECT account_id, 'reserve', charge_id, request_id, endpoint, -amount FROM ok
       )
       SELECT req.charge_id::text AS charge_id, ok.charge_id IS NOT NULL AS reserved,
              (acc.balance - coalesce(ok.cum, (SELECT coalesce(sum(o.amount), 0) FROM ok o WHERE o.account_id = req.account_id)))::text AS balance
         FROM req LEFT JOIN ok ON ok.charge_id = req.charge_id LEFT JOIN acc ON acc.id = req.account_id`;

/** Settles ($3 'settle', charging at most $2) or releases one reservation. */
export const CLOSE_ONE = `WITH held AS (
           DELETE FROM gw.credit_reservation WHERE charge_id = $1 RETURNING account_id, amount, endpoint, request_id
         ), credit AS (
           UPDATE gw.account a SET balance = a.balance + held.amount - LEAST($2::bigint, held.amount)
             FROM held WHERE a.id = held.account_id RETURNING a.balance
         ), entry AS (
           INSERT INTO gw.credit_ledger (account_id, kind, charge_id, request_id, endpoint, amount, charged)
           SELECT account_id, $3, $1, request_id, endpoint, amount - LEAST($2::bigint, amount), LEAST($2::bigint, amount) FROM held
         ), usage AS (
           ${USAGE_UPSERT}
           SELECT account_id, ${UTC_TODAY}, endpoint, 1, LEAST($2::bigint, amount) FROM held WHERE $3 = 'settle'
           ${USAGE_CONFLICT}
         )
         SELECT balance FROM credit`;

/** Settles and releases a batch: `$1` charge ids, `$2` charges, `$3` kinds. */
export const CLOSE_MANY = `WITH req AS (
         SELECT * FROM unnest($1::uuid[], $2::bigint[], $3::text[]) AS r(charge_id, charge, kind)
       ), held AS (
         DELETE FROM gw.credit_reservation c USING req WHERE c.charge_id = req.charge_id
         RETURNING c.charge_id, c.account_id, c.amount, c.endpoint, c.request_id, req.kind,
                   LEAST(req.charge, c.amount) AS charged
       ), locked AS (
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
       )
       SELECT held.charge_id::text AS charge_id, credit.balance::text AS balance
         FROM held JOIN credit ON credit.id = held.account_id`;

/** Releases the reservations older than `$1` ms (their request died); counts them. */
export const SWEEP = `WITH held AS (
           DELETE FROM gw.credit_reservation WHERE created_at < now() - make_interval(secs => $1::float8 / 1000)
           RETURNING charge_id, account_id, amount, endpoint, request_id
         ), per_account AS (
           SELECT account_id, sum(amount) AS amount FROM held GROUP BY account_id
         ), credit AS (
           UPDATE gw.account a SET balance = a.balance + p.amount FROM per_account p WHERE a.id = p.account_id
         ), entry AS (
           INSERT INTO gw.credit_ledger (account_id, kind, charge_id, request_id, endpoint, amount)
           SELECT account_id, 'release', charge_id, request_id, endpoint, amount FROM held
         )
         SELECT count(*) AS released FROM held`;
