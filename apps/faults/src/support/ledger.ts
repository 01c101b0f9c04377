// The credit ledger of the load's account after the run, read straight from PostgreSQL. First
// it releases what the gateway's sweeper would release (reservations of requests that never
// finished), at age 0 instead of 30 s so the suite need not wait.
import { GATEWAY_DATABASE } from '@nl/gateway-app';
import { CreditsService } from '@nl/gateway-ledger';
import { openDatabase } from '@nl/platform-database';

/** What the ledger holds for one request id (hundredths). */
export interface RequestEntries {
  reserves: number;
  settles: number;
  releases: number;
  /** Settlements undone because the caller was told it was not charged (DoubtfulCharges). */
  refunds: number;
  /** Sum of `charged` over its settle rows, less its refunds. */
  charged: number;
}

/** The account's totals (hundredths); `open` counts reservations after the sweep. */
export interface Books {
  readonly balance: number;
  readonly ledger: number;
  readonly topups: number;
  readonly charged: number;
  readonly open: number;
}

export interface LedgerView {
  readonly books: Books;
  readonly byRequest: ReadonlyMap<string, RequestEntries>;
  /** Request ids whose reservation nobody had closed when the load ended. */
  readonly leftOpen: ReadonlySet<string>;
  readonly swept: number;
}

const BOOKS_SQL = `SELECT a.balance::bigint AS balance,
  (SELECT coalesce(sum(amount), 0) FROM gw.credit_ledger WHERE account_id = a.id)::bigint AS ledger,
  (SELECT coalesce(sum(amount), 0) FROM gw.credit_ledger WHERE account_id = a.id AND kind = 'topup')::bigint AS topups,
  (SELECT coalesce(sum(charged), 0) FROM gw.credit_ledger WHERE account_id = a.id AND kind IN ('settle', 'refund'))::bigint AS charged,
  (SELECT count(*) FROM gw.credit_reservation WHERE account_id = a.id)::bigint AS open
  FROM gw.account a WHERE a.id = $1`;

interface LedgerRow {
  request_id: string | null;
  kind: string;
  charged: string | null;
}

function byRequest(rows: readonly LedgerRow[]): Map<string, RequestEntries> {
  const entries = new Map<string, RequestEntries>();
  for (const row of rows) {
    if (!row.request_id) continue;
    const e = entries.get(row.request_id) ?? {
      reserves: 0,
      settles: 0,
      releases: 0,
      refunds: 0,
      charged: 0,
    };
    if (row.kind === 'reserve') e.reserves++;
    if (row.kind === 'release') e.releases++;
    if (row.kind === 'settle') e.settles++;
    if (row.kind === 'refund') e.refunds++;
    if (row.kind === 'settle' || row.kind === 'refund') e.charged += Number(row.charged ?? 0);
    entries.set(row.request_id, e);
  }
  return entries;
}

export async function closeBooks(databaseUrl: string, accountId: string): Promise<LedgerView> {
  const db = await openDatabase({ kind: 'postgres', url: databaseUrl }, [GATEWAY_DATABASE]);
  try {
    const open = (await db.query(
      'SELECT request_id FROM gw.credit_reservation WHERE account_id = $1',
      [accountId],
    )) as { request_id: string | null }[];
    const swept = await new CreditsService(db).sweep(0);
    const rows = (await db.query(
      'SELECT request_id, kind, charged::text AS charged FROM gw.credit_ledger WHERE account_id = $1',
      [accountId],
    )) as LedgerRow[];
    const [totals] = (await db.query(BOOKS_SQL, [accountId])) as Record<keyof Books, string>[];
    const books = Object.fromEntries(
      Object.entries(totals).map(([k, v]) => [k, Number(v)]),
    ) as unknown as Books;
    const leftOpen = new Set(open.flatMap((r) => (r.request_id ? [r.request_id] : [])));
    return { books, byRequest: byRequest(rows), leftOpen, swept };
  } finally {
    await db.destroy();
  }
}
