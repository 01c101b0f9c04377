import { ViesRecording } from '@nl/domain-validation';
import { ViesFake } from '@nl/testing';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROFILES, jsonOf, startStack, type Stack } from './support/stack.js';
import { germanVatNumber, unusedVatNumber } from './support/vat-numbers.js';

// A batch job end to end, over the VIES fake: taken whole or refused whole, every item charged
// as its single call would be, one ledger row per charged item, nothing left reserved.

const MS_UNAVAILABLE = 'NL999999000B01';

async function until<T>(
  what: () => Promise<T>,
  done: (value: T) => boolean,
  ms = 60_000,
): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await what();
    if (done(value) || Date.now() > end) return value;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

describe.each(PROFILES)('batch jobs (%s)', (profile) => {
  let api: Stack;
  let vies: ViesFake;

  beforeAll(async () => {
    vies = await ViesFake.start(new ViesRecording());
    vies.memberStateSlow('DE', 300);
    api = await startStack(profile, {
      serviceEnv: { VIES_URL: vies.url },
      env: { BATCH_RETRY_DELAY_MS: '20', BATCH_CONCURRENCY: 'vies=4,default=4' },
    });
  }, 120_000);
  afterAll(async () => {
    await api?.close();
    await vies?.close();
  });

  const submit = (key: string, body: unknown, type = 'application/json', query = '') =>
    api.fetch(`/v1/batches${query}`, {
      method: 'POST',
      headers: { 'x-api-key': key, 'content-type': type },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });

  const job = async (key: string, id: string) =>
    jsonOf(await api.get(`/v1/batches/${id}`, { 'x-api-key': key }));

  it('should work off 1,000 VAT numbers, charge each item as its single call and release the rest', async () => {
    const { accountId, key } = await api.account({ tier: 'paid', credits: 2_000 });
    const numbers = [
      ...Array.from({ length: 990 }, unusedVatNumber),
      ...Array.from({ length: 5 }, () => 'DE129273398'),
      ...Array.from({ length: 4 }, () => 'BE0244142664'),
      MS_UNAVAILABLE,
    ];
    const items = numbers.map((vat_number) => ({ vat_number }));
    const res = await submit(key, { endpoint: 'validation.vat.check', items });
    const taken = await jsonOf(res);
    expect(res.status).toBe(202);
    expect(res.headers.get('location')).toBe(`/v1/batches/${taken.id}`);
    expect(taken).toMatchObject({
      endpoint: 'validation.vat.check',
      items: { total: 1000 },
      credits: { reserved: 1000 },
    });

    const ended = await until(
      () => job(key, taken.id),
      (j) => j.state !== 'queued' && j.state !== 'running',
      120_000,
    );
    expect(ended).toMatchObject({
      state: 'completed',
      items: { total: 1000, succeeded: 999, failed: 1, pending: 0, cancelled: 0 },
      credits: { held: 0 },
    });

    const lines = (
      await (await api.get(`/v1/batches/${taken.id}/results`, { 'x-api-key': key })).text()
    )
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines.map((l) => l.item)).toEqual(numbers.map((_, i) => i + 1));
    expect(lines.map((l) => l.input.vat_number)).toEqual(numbers);
    let charged = 0;
    for (const line of lines) {
      if (line.input.vat_number === MS_UNAVAILABLE) {
        expect(line).toMatchObject({
          state: 'failed',
          status: 503,
          charged: '0.00',
          error: { valid: null, error: 'ms_unavailable' },
        });
        continue;
      }
      expect(line).toMatchObject({
        state: 'succeeded',
        status: 200,
        source: 'vies',
        data: { vat_number: line.input.vat_number },
      });
      expect(line.charged).toBe(line.cache === 'MISS' ? '1.00' : '0.50');
      charged += Number(line.charged);
    }
    expect(ended.credits.charged).toBeCloseTo(charged, 2);

    const [ledger] = await api.db.query(
      `SELECT count(*)::int AS rows, coalesce(sum(charged), 0)::int AS charged FROM gw.credit_ledger
        WHERE kind = 'settle' AND request_id LIKE $1 || ':%'`,
      [taken.id],
    );
    expect(ledger).toEqual({ rows: 999, charged: Math.round(charged * 100) });
    const account = await jsonOf(await api.get('/v1/account', { 'x-api-key': key }));
    expect(account.balance).toBeCloseTo(2_000 - charged, 2);
    expect(await api.accounts.balance(accountId)).toBe(200_000 - Math.round(charged * 100));
  }, 180_000);

  it('should refuse a job whose items the balance does not cover, reserving nothing', async () => {
    const { accountId, key } = await api.account({ tier: 'paid', credits: 10 });
    const items = Array.from({ length: 11 }, () => ({ vat_number: unusedVatNumber() }));
    const res = await submit(key, { endpoint: 'validation.vat.check', items });
    expect(res.status).toBe(402);
    expect((await jsonOf(res)).code).toBe('insufficient_credits');
    expect(await api.accounts.balance(accountId)).toBe(1_000);
  });

  it('should list the wrong items by number before anything is charged', async () => {
    const { accountId, key } = await api.account({ tier: 'paid', credits: 10 });
    const res = await submit(key, {
      endpoint: '/v1/validate/vat',
      items: [{ vat_number: 'NL004495445B01' }, { vat: 'x' }, {}],
    });
    const body = await jsonOf(res);
    expect(res.status).toBe(400);
    expect(body).toMatchObject({ code: 'validation_failed', invalid_items: 2 });
    expect(body.items.map((i: { item: number }) => i.item)).toEqual([2, 3]);
    expect(await api.accounts.balance(accountId)).toBe(1_000);
    expect((await submit(key, { endpoint: 'no.such.endpoint', items: [{}] })).status).toBe(400);
  });

  it('should refuse a job over the tier’s size with 403', async () => {
    const { key } = await api.account({ tier: 'trial', credits: 2_000 });
    const items = Array.from({ length: 1_001 }, () => ({ vat_number: 'NL004495445B01' }));
    const res = await submit(key, { endpoint: 'validation.vat.check', items });
    const body = await jsonOf(res);
    expect([res.status, body.code, body.limit]).toEqual([403, 'forbidden', 1_000]);
  });

  it('should take CSV and NDJSON uploads and give CSV results', async () => {
    const { key } = await api.account({ tier: 'paid', credits: 100 });
    const csv = `vat_number\r\n${unusedVatNumber()}\r\n"${unusedVatNumber()}"\r\n`;
    const fromCsv = await jsonOf(
      await submit(key, csv, 'text/csv', '?endpoint=validation.vat.check'),
    );
    const ndjson = `{"vat_number":"${unusedVatNumber()}"}\n{"vat_number":"${unusedVatNumber()}"}\n`;
    const fromNdjson = await jsonOf(
      await submit(key, ndjson, 'application/x-ndjson', '?endpoint=validation.vat.check'),
    );
    for (const taken of [fromCsv, fromNdjson]) {
      expect(taken.items.total).toBe(2);
      const ended = await until(
        () => job(key, taken.id),
        (j) => j.state === 'completed',
      );
      expect(ended.items.succeeded).toBe(2);
    }
    const csvResults = await api.get(`/v1/batches/${fromCsv.id}/results`, {
      'x-api-key': key,
      accept: 'text/csv',
    });
    expect(csvResults.headers.get('content-type')).toMatch(/^text\/csv/);
    const rows = (await csvResults.text()).trim().split('\r\n');
    expect(rows[0]).toBe('item,state,status,charged,cache,source,input,data,error');
    expect(rows.slice(1).map((r) => r.split(',').slice(0, 4).join(','))).toEqual([
      '1,succeeded,200,1.00',
      '2,succeeded,200,1.00',
    ]);
    const list = await jsonOf(await api.get('/v1/batches', { 'x-api-key': key }));
    expect(list.batches.map((b: { id: string }) => b.id)).toEqual([fromNdjson.id, fromCsv.id]);
  });

  it('should cancel a job: pending items are neither worked on nor charged', async () => {
    const { accountId, key } = await api.account({ tier: 'paid', credits: 100 });
    const items = Array.from({ length: 40 }, () => ({
      vat_number: germanVatNumber(),
    }));
    const taken = await jsonOf(await submit(key, { endpoint: 'validation.vat.check', items }));
    const res = await api.fetch(`/v1/batches/${taken.id}`, {
      method: 'DELETE',
      headers: { 'x-api-key': key },
    });
    const cancelled = await jsonOf(res);
    expect([res.status, cancelled.state]).toEqual([200, 'cancelled']);
    const done = cancelled.items.succeeded + cancelled.items.failed;
    expect(cancelled.items.cancelled).toBe(40 - done);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const after = await job(key, taken.id);
    expect(await api.accounts.balance(accountId)).toBe(
      10_000 - Math.round(after.credits.charged * 100),
    );
    expect(after.credits.held).toBe(0);
  });

  it('should answer a test key’s job from the recordings, free', async () => {
    const { accountId } = await api.account({ tier: 'paid', credits: 5 });
    const { key } = await api.accounts.createKey(accountId, 'batch sandbox', 'test');
    const items = [{ vat_number: 'NL004495445B01' }, { vat_number: MS_UNAVAILABLE }];
    const taken = await jsonOf(await submit(key, { endpoint: 'validation.vat.check', items }));
    expect(taken).toMatchObject({ sandbox: true, credits: { reserved: 0 } });
    const ended = await until(
      () => job(key, taken.id),
      (j) => j.state === 'completed',
    );
    expect(ended).toMatchObject({ items: { succeeded: 1, failed: 1 }, credits: { charged: 0 } });
    const lines = (
      await (await api.get(`/v1/batches/${taken.id}/results`, { 'x-api-key': key })).text()
    )
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines.map((l) => [l.status, l.charged])).toEqual([
      [200, '0.00'],
      [503, '0.00'],
    ]);
    expect(lines[0].data).toMatchObject({ valid: true, vat_number: 'NL004495445B01' });
    expect(await api.accounts.balance(accountId)).toBe(500);
  });

  it('should answer 404 for another account’s job', async () => {
    const mine = await api.account({ tier: 'paid', credits: 10 });
    const taken = await jsonOf(
      await submit(mine.key, {
        endpoint: 'validation.vat.check',
        items: [{ vat_number: unusedVatNumber() }],
      }),
    );
    const other = await api.account({ tier: 'paid', credits: 10 });
    expect((await api.get(`/v1/batches/${taken.id}`, { 'x-api-key': other.key })).status).toBe(404);
    expect(
      (await api.get(`/v1/batches/${taken.id}/results`, { 'x-api-key': other.key })).status,
    ).toBe(404);
  });
});

describe('batch charges over a restart (standalone, its database on disk)', () => {
  it('should refund none of a finished job’s charges when the server starts again', async () => {
    const vies = await ViesFake.start(new ViesRecording());
    const dataDir = mkdtempSync(join(tmpdir(), 'batch-restart-'));
    const start = () =>
      startStack('standalone', {
        serviceEnv: { VIES_URL: vies.url },
        env: { PGLITE_DATA_DIR: dataDir },
      });
    let api = await start();
    try {
      const { accountId, key } = await api.account({ tier: 'paid', credits: 100 });
      const items = Array.from({ length: 20 }, () => ({ vat_number: unusedVatNumber() }));
      const res = await api.fetch('/v1/batches', {
        method: 'POST',
        headers: { 'x-api-key': key, 'content-type': 'application/json' },
        body: JSON.stringify({ endpoint: 'validation.vat.check', items }),
      });
      const taken = await jsonOf(res);
      const ended = await until(
        async () => jsonOf(await api.get(`/v1/batches/${taken.id}`, { 'x-api-key': key })),
        (j) => j.state !== 'queued' && j.state !== 'running',
      );
      expect(ended).toMatchObject({ state: 'completed', items: { succeeded: 20 } });
      const before = await api.accounts.balance(accountId);
      expect(before).toBe(100 * 100 - 20 * 100);
      // Stopped and started on the same database: the items' answers are in their rows, so
      // none of their charges may look undelivered to the next start.
      await api.close();
      api = await start();
      const [refunds] = await api.db.query(
        `SELECT count(*)::int AS n FROM gw.credit_ledger WHERE account_id = $1 AND kind = 'refund'`,
        [accountId],
      );
      expect({ balance: await api.accounts.balance(accountId), refunds: refunds.n }).toEqual({
        balance: before,
        refunds: 0,
      });
    } finally {
      await api.close();
      await vies.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
