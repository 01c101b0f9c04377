// One batch job as its caller and its bookkeeper see it: submitted, watched and read back over
// HTTP, and its charges read straight from PostgreSQL (not through the gateway under test).
import { randomInt } from 'node:crypto';
import pg from 'pg';
import { sleep } from './processes.js';

/** `count` distinct Dutch VAT numbers with a valid check digit (elfproef), new to every run. */
export function vatNumbers(count: number): string[] {
  const numbers = new Set<string>();
  while (numbers.size < count) {
    const digits = String(randomInt(10_000_000, 100_000_000));
    const sum = [...digits].reduce((total, d, i) => total + Number(d) * (9 - i), 0);
    if (sum % 11 < 10) numbers.add(`NL${digits}${sum % 11}B01`);
  }
  return [...numbers];
}

/** What GET /v1/batches/{id} answers (the parts the suite reads). */
export interface JobView {
  readonly id: string;
  readonly state: string;
  readonly items: {
    total: number;
    succeeded: number;
    failed: number;
    pending: number;
    cancelled: number;
  };
  readonly credits: { reserved: number; held: number; charged: number };
}

/** One line of the NDJSON results. */
export interface ResultLine {
  readonly item: number;
  readonly input: { vat_number: string };
  readonly state: string;
  readonly status: number;
  readonly charged: string | null;
  readonly cache?: string;
  readonly source?: string;
  readonly data?: { vat_number: string };
  readonly error?: unknown;
}

export const endedOf = (job: JobView) => job.items.succeeded + job.items.failed;

/** A job through the API of one gateway, with one key. */
export class BatchClient {
  constructor(
    private readonly baseUrl: string,
    private readonly key: string,
  ) {}

  private async call(path: string, init: RequestInit = {}): Promise<Response> {
    return fetch(`${this.baseUrl}${path}`, {
      ...init,
      headers: { 'x-api-key': this.key, ...init.headers },
      signal: AbortSignal.timeout(30_000),
    });
  }

  /** Submits a job of `endpoint` over `items`; throws unless it is taken (202). */
  async submit(endpoint: string, items: readonly object[]): Promise<JobView> {
    const res = await this.call('/v1/batches', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ endpoint, items }),
    });
    const text = await res.text();
    if (res.status !== 202) throw new Error(`POST /v1/batches answered ${res.status}: ${text}`);
    return JSON.parse(text) as JobView;
  }

  async status(id: string): Promise<JobView> {
    const res = await this.call(`/v1/batches/${id}`);
    const text = await res.text();
    if (res.status !== 200)
      throw new Error(`GET /v1/batches/${id} answered ${res.status}: ${text}`);
    return JSON.parse(text) as JobView;
  }

  /**
   * Polls the job's status every 250 ms until `done` says so, and returns that view; throws
   * with the last view after `timeoutMs`. A poll that fails (the gateway busy) is tried again.
   */
  async until(id: string, done: (job: JobView) => boolean, timeoutMs: number): Promise<JobView> {
    const deadline = Date.now() + timeoutMs;
    let last: JobView | undefined;
    while (Date.now() < deadline) {
      last = (await this.status(id).catch(() => undefined)) ?? last;
      if (last && done(last)) return last;
      await sleep(250);
    }
    throw new Error(`job ${id} did not get there in ${timeoutMs} ms: ${JSON.stringify(last)}`);
  }

  async results(id: string): Promise<ResultLine[]> {
    const res = await this.call(`/v1/batches/${id}/results`);
    const text = await res.text();
    if (res.status !== 200) throw new Error(`results of ${id} answered ${res.status}: ${text}`);
    return text
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as ResultLine);
  }
}

/** A job's charges as the ledger holds them (hundredths), and the account's balance. */
export interface JobBooks {
  /** The request id of every 'settle' row of the job's items, as often as it occurs. */
  readonly settled: readonly string[];
  readonly settledSum: number;
  /** Reservations of the job's items still open. */
  readonly open: number;
  readonly balance: number;
}

export async function jobBooks(
  databaseUrl: string,
  jobId: string,
  accountId: string,
): Promise<JobBooks> {
  const client = new pg.Client({ connectionString: databaseUrl });
  client.on('error', () => undefined);
  await client.connect();
  try {
    const settles = await client.query<{ request_id: string; charged: string }>(
      `SELECT request_id, charged::text AS charged FROM gw.credit_ledger
        WHERE kind = 'settle' AND request_id LIKE $1 || ':%'`,
      [jobId],
    );
    const open = await client.query<{ open: number }>(
      `SELECT count(*)::int AS open FROM gw.credit_reservation WHERE request_id LIKE $1 || ':%'`,
      [jobId],
    );
    const account = await client.query<{ balance: string }>(
      'SELECT balance::text AS balance FROM gw.account WHERE id = $1',
      [accountId],
    );
    return {
      settled: settles.rows.map((r) => r.request_id),
      settledSum: settles.rows.reduce((sum, r) => sum + Number(r.charged), 0),
      open: open.rows[0].open,
      balance: Number(account.rows[0].balance),
    };
  } finally {
    await client.end().catch(() => undefined);
  }
}
