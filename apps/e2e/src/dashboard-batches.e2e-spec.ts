import { ViesRecording } from '@nl/domain-validation';
import { ViesFake } from '@nl/testing';
import { DashboardClient } from './support/dashboard.js';
import { PROFILES, startStack, type Stack } from './support/stack.js';
import { germanVatNumber, unusedVatNumber } from './support/vat-numbers.js';

// The dashboard's batches page over HTTP, over the VIES fake: a job started from a CSV file
// (multipart, as a browser sends it), listed with its progress, its results downloaded as CSV,
// cancelled while it runs, and every refusal of the API said on the page; CSRF on every form.
const PAGE = '/dashboard/batches';
const NOTICE = /<p class="notice" role="status">\s*([^<]*?)\s*<\/p>/;
const PROBLEM = /data-testid="batch-problem">([^<]*)</;
const JOB = /bat-[0-9a-f]{24}/;
const RELOAD = 'id="auto-reload" data-seconds="5" checked';

/** The page's job rows as [id, state, items], newest first. */
function rows(text: string): string[][] {
  const found = [
    ...text.matchAll(
      /<code>(bat-[0-9a-f]{24})<\/code>[\s\S]*?job-state">(\w+)<[\s\S]*?job-items"\s*>([^<]*)</g,
    ),
  ];
  return found.map(([, id, state, items]) => [id, state, items.replace(/\s+/g, ' ').trim()]);
}

/** A CSV of VAT numbers under their parameter's name, as a file field of a form. */
function csvFile(numbers: readonly string[]): Blob {
  return new Blob([`vat_number\r\n${numbers.join('\r\n')}\r\n`], { type: 'text/csv' });
}

describe.each(PROFILES)('the dashboard batches page (%s)', (profile) => {
  let api: Stack;
  let vies: ViesFake;
  beforeAll(async () => {
    vies = await ViesFake.start(new ViesRecording());
    vies.memberStateSlow('DE', 1_000);
    api = await startStack(profile, {
      serviceEnv: { VIES_URL: vies.url },
      env: { BATCH_RETRY_DELAY_MS: '20', BATCH_CONCURRENCY: 'vies=2,default=2' },
    });
  }, 120_000);
  afterAll(async () => {
    await api?.close();
    await vies?.close();
  });

  async function signedIn(tier: 'paid' | 'trial' = 'paid', credits = 100) {
    const account = await api.account({ tier, credits });
    const client = new DashboardClient(api);
    expect((await client.signIn(account.key)).status).toBe(303);
    return { ...account, client, csrf: await client.csrf() };
  }

  function jobForm(csrf: string, file: Blob, fields: Record<string, string> = {}): FormData {
    const form = new FormData();
    form.set('_csrf', csrf);
    form.set('endpoint', 'validation.vat.check');
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    form.set('items', file, 'numbers.csv');
    return form;
  }

  /** The page, read again until the job has ended (the page's own refresh, done by the test). */
  async function ended(client: DashboardClient, id: string) {
    for (let i = 0; i < 300; i++) {
      const { text } = await client.page(PAGE);
      const row = rows(text).find(([rowId]) => rowId === id);
      if (row && !['queued', 'running'].includes(row[1])) return { text, row };
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`job ${id} did not end`);
  }

  it('should start a job from a CSV file, list it, and give its results as CSV', async () => {
    const { client, csrf, accountId } = await signedIn();
    const empty = await client.page(PAGE);
    expect(empty.text).toContain('data-testid="no-jobs"');
    expect(empty.text).toContain('<option value="validation.vat.check">');
    expect(empty.text).toContain('enctype="multipart/form-data"');
    expect(empty.text).not.toContain(RELOAD);

    const numbers = [unusedVatNumber(), unusedVatNumber(), unusedVatNumber()];
    const started = await client.submit(PAGE, jobForm(csrf, csvFile(numbers)));
    expect([started.posted, started.to, started.status]).toEqual([303, PAGE, 200]);
    const id = JOB.exec(NOTICE.exec(started.text)?.[1] ?? '')?.[0] as string;
    expect(NOTICE.exec(started.text)?.[1]).toBe(
      `Job ${id} started: 3 items, 3.00 credits reserved.`,
    );
    expect(rows(started.text)[0][0]).toBe(id);

    const { text, row } = await ended(client, id);
    expect(row).toEqual([id, 'completed', '3 succeeded, 0 failed, 0 pending of 3']);
    expect(text).not.toContain(RELOAD);
    expect(text).not.toContain(`action="${PAGE}/${id}/cancel"`);
    expect(await api.accounts.balance(accountId)).toBe(9_700);

    const results = await client.request(`${PAGE}/${id}/results.csv`);
    expect(results.status).toBe(200);
    expect(results.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(results.headers.get('content-disposition')).toBe(`attachment; filename="${id}.csv"`);
    expect(results.headers.get('content-security-policy')).toContain("default-src 'none'");
    const lines = (await results.text()).trim().split('\r\n');
    expect(lines[0]).toBe('item,state,status,charged,cache,source,input,data,error');
    expect(lines.slice(1).map((l) => l.split(',').slice(0, 6).join(','))).toEqual([
      '1,succeeded,200,1.00,MISS,vies',
      '2,succeeded,200,1.00,MISS,vies',
      '3,succeeded,200,1.00,MISS,vies',
    ]);
    numbers.forEach((n, i) => expect(lines[i + 1]).toContain(`""vat_number"":""${n}""`));

    const other = await signedIn();
    expect((await other.client.request(`${PAGE}/${id}/results.csv`)).status).toBe(404);
    expect(rows((await other.client.page(PAGE)).text)).toEqual([]);
    const signedOut = await new DashboardClient(api).request(`${PAGE}/${id}/results.csv`);
    expect([signedOut.status, signedOut.headers.get('location')]).toEqual([
      303,
      '/dashboard/sign-in',
    ]);
  });

  it('should refuse wrong items, too few credits and a job over the tier, saying why', async () => {
    const { client, csrf, accountId } = await signedIn('paid', 2);
    const wrong = await client.submit(
      PAGE,
      jobForm(csrf, csvFile([unusedVatNumber(), 'not-a-number', 'NL12'])),
    );
    expect([wrong.posted, wrong.to]).toEqual([303, PAGE]);
    const problem = PROBLEM.exec(wrong.text)?.[1] as string;
    expect(problem).toMatch(
      /^2 of 3 items are not valid for validation\.vat\.check; nothing was charged\./,
    );
    expect(problem).toMatch(
      / Row 2, vat_number: NO is not an EU member state[^]+\. Row 3, vat_number: NL VAT numbers have 9 digits[^]+\)\.$/,
    );

    const poor = await client.submit(PAGE, jobForm(csrf, csvFile(numbersOf(3))));
    expect(PROBLEM.exec(poor.text)?.[1]).toBe(
      'The job needs 3.00 credits up front (3 items at 1.00), and the balance is 2.00. Nothing was charged.',
    );
    expect(await api.accounts.balance(accountId)).toBe(200);
    expect(rows(poor.text)).toEqual([]);

    const trial = await signedIn('trial', 2_000);
    const big = await trial.client.submit(PAGE, jobForm(trial.csrf, csvFile(numbersOf(1_001))));
    expect(PROBLEM.exec(big.text)?.[1]).toBe(
      'A job of the trial tier has at most 1000 items; this one has 1001.',
    );

    const hook = await client.submit(
      PAGE,
      jobForm(csrf, csvFile(numbersOf(1)), { webhook_url: 'http://example.com/' }),
    );
    expect(PROBLEM.exec(hook.text)?.[1]).toMatch(/^&quot;webhook_url&quot; is refused: /);
    // A refusal is shown once: the next view of the page has none.
    expect((await client.page(PAGE)).text).not.toContain('batch-problem');
  });

  it('should cancel a running job: its pending items are not charged', async () => {
    const { client, csrf, accountId } = await signedIn();
    const slow = Array.from({ length: 30 }, () => germanVatNumber());
    const started = await client.submit(PAGE, jobForm(csrf, csvFile(slow)));
    const [id, state, items] = rows(started.text)[0];
    expect({ state, items }).toEqual({ state: expect.stringMatching(/^(queued|running)$/), items });
    expect(started.text).toContain(RELOAD);
    expect(started.text).toContain(`action="${PAGE}/${id}/cancel"`);

    expect((await client.post(`${PAGE}/${id}/cancel`, {})).status).toBe(403);
    const cancelled = await client.submit(`${PAGE}/${id}/cancel`, { _csrf: csrf });
    expect([cancelled.posted, cancelled.to]).toEqual([303, PAGE]);
    const [, after] = rows(cancelled.text)[0];
    const pending = Number(/(\d+) cancelled/.exec(cancelled.text)?.[1]);
    expect(after).toBe('cancelled');
    expect(NOTICE.exec(cancelled.text)?.[1]).toMatch(
      new RegExp(`^Job ${id} is cancelled: ${pending} pending items? (was|were) not worked on`),
    );
    expect(pending).toBeGreaterThan(0);
    const done = 30 - pending;
    // What ended was charged (fresh or cached), what was cancelled was released.
    expect(await api.accounts.balance(accountId)).toBeGreaterThanOrEqual(10_000 - done * 100);
    const again = await client.submit(`${PAGE}/${id}/cancel`, { _csrf: csrf });
    expect(NOTICE.exec(again.text)?.[1]).toBe(`Job ${id} had already ended (cancelled).`);
  });

  it('should refuse a start without the CSRF token, and a file anywhere but the upload form', async () => {
    const { client, key } = await signedIn();
    const form = jobForm('guess', csvFile(numbersOf(1)));
    expect((await client.postFile(PAGE, form)).status).toBe(403);
    const tooBig = jobForm('x', new Blob([Buffer.alloc(4 * 1024 * 1024, 'a')]));
    expect((await client.postFile(PAGE, tooBig)).status).toBe(413);
    const elsewhere = await client.postFile('/dashboard/keys', jobForm('x', csvFile([])));
    expect(elsewhere.status).toBe(415);
    const api415 = await api.fetch('/v1/batches', {
      method: 'POST',
      headers: { 'x-api-key': key },
      body: jobForm('x', csvFile([])),
    });
    expect(api415.status).toBe(415);
  });

  const numbersOf = (count: number) => Array.from({ length: count }, unusedVatNumber);
});
