import type { EndpointDefinition } from '@nl/contracts-core';
import { ENDPOINT_CATALOG } from '@nl/contracts-catalog';
import { gatewayApp } from '@nl/gateway-app';
import { CreditsService, isEmbedded, ReservationSweeper, SWEEP_AFTER_MS } from '@nl/gateway-ledger';
import { Prng } from '@nl/testing';
import { randomUUID } from 'node:crypto';
import { PROFILES, jsonOf, startStack, type Stack } from './support/stack.js';

/**
 * The catalog with prices that tell fresh from cached, limits no test reaches, and one cbs
 * endpoint no service answers (a 503 that must not be charged).
 */
const NO_LIMIT = { free: 100_000, trial: 100_000, paid: 100_000, premium: 100_000 };
const LOOKUP_PRICE = { fresh: 30, cached: 10 };
const INDEX_PRICE = { fresh: 50, cached: 50 };
function testCatalog(): EndpointDefinition[] {
  const catalog = ENDPOINT_CATALOG.map((e): EndpointDefinition => {
    if (e.id === 'cbs.sbi.lookup') return { ...e, price: LOOKUP_PRICE, limits: NO_LIMIT };
    if (e.id === 'cbs.sbi.index') return { ...e, price: INDEX_PRICE, limits: NO_LIMIT };
    if (e.domain === 'cbs') return { ...e, limits: NO_LIMIT };
    return e;
  });
  const lookup = catalog.find((e) => e.id === 'cbs.sbi.lookup');
  if (!lookup) throw new Error('cbs.sbi.lookup is missing from the catalog');
  catalog.push({
    ...lookup,
    id: 'cbs.sbi.unserved',
    paths: ['/v1/cbs/unserved/:code'],
    subject: 'cbs.sbi.unserved',
    timeoutMs: 2_000,
  });
  return catalog;
}

/** Deterministic pseudo-random numbers, so a failing mix can be replayed. */
function seeded(seed: number): () => number {
  const prng = new Prng(seed);
  return () => prng.next();
}

const hundredths = (header: string | null) =>
  header === null ? 0 : Math.round(Number(header) * 100);

describe.each(PROFILES)('credits through the gateway (%s)', (profile) => {
  let api: Stack;
  beforeAll(async () => {
    api = await startStack(profile, { gateway: gatewayApp({ catalog: testCatalog() }) });
  });
  afterAll(() => api?.close());

  /** The books of one account, straight from the tables (hundredths). */
  async function books(accountId: string) {
    const [row] = (await api.db.query(
      `SELECT a.balance::bigint AS balance,
              (SELECT coalesce(sum(amount), 0) FROM gw.credit_ledger WHERE account_id = a.id)::bigint AS ledger,
              (SELECT coalesce(sum(amount), 0) FROM gw.credit_ledger WHERE account_id = a.id AND kind = 'topup')::bigint AS topups,
              (SELECT coalesce(sum(charged), 0) FROM gw.credit_ledger WHERE account_id = a.id AND kind = 'settle')::bigint AS charged,
              (SELECT count(*) FROM gw.credit_reservation WHERE account_id = a.id)::bigint AS open
         FROM gw.account a WHERE a.id = $1`,
      [accountId],
    )) as Record<string, string>[];
    return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v)])) as Record<
      'balance' | 'ledger' | 'topups' | 'charged' | 'open',
      number
    >;
  }

  async function expectBalancedBooks(accountId: string) {
    const b = await books(accountId);
    expect(b.open).toBe(0);
    expect(b.balance).toBe(b.ledger);
    expect(b.balance).toBe(b.topups - b.charged);
    return b;
  }

  describe('settlement', () => {
    let accountId: string;
    let headers: Record<string, string>;
    beforeAll(async () => {
      const account = await api.account({ tier: 'paid', credits: 10 });
      accountId = account.accountId;
      headers = { 'x-api-key': account.key };
    });

    it('should charge a miss the fresh price and a hit the cached price', async () => {
      const miss = await api.fetch('/v1/cbs/sbi/47.24', { headers });
      expect(miss.status).toBe(200);
      expect(miss.headers.get('x-cache')).toBe('MISS');
      expect(miss.headers.get('x-credits-charged')).toBe('0.30');
      expect(miss.headers.get('x-credits-remaining')).toBe('9.70');

      const hit = await api.fetch('/v1/cbs/sbi/4724', { headers });
      expect(hit.status).toBe(200);
      expect(hit.headers.get('x-cache')).toBe('HIT');
      expect(hit.headers.get('x-credits-charged')).toBe('0.10');
      expect(hit.headers.get('x-credits-remaining')).toBe('9.60');
      expect(await expectBalancedBooks(accountId)).toMatchObject({ balance: 960, charged: 40 });
    });

    it('should charge nothing for a 404 and release its reservation', async () => {
      const res = await api.fetch('/v1/cbs/sbi/9999', { headers });
      expect(res.status).toBe(404);
      expect(await jsonOf(res)).toMatchObject({ found: false, result: null });
      expect(res.headers.get('x-credits-charged')).toBe('0.00');
      expect(res.headers.get('x-credits-remaining')).toBe('9.60');
      await expectBalancedBooks(accountId);
    });

    it('should charge nothing for a 503 of a service that does not answer', async () => {
      const res = await api.fetch('/v1/cbs/unserved/6210', { headers });
      expect(res.status).toBe(503);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
      expect(res.headers.get('x-credits-charged')).toBe('0.00');
      expect(res.headers.get('x-credits-remaining')).toBe('9.60');
      await expectBalancedBooks(accountId);
    });

    it('should not even reserve for a 400', async () => {
      const requestId = randomUUID();
      const res = await api.fetch('/v1/cbs/sbi/62ab', {
        headers: { ...headers, 'x-request-id': requestId },
      });
      expect(res.status).toBe(400);
      expect(res.headers.get('x-credits-charged')).toBeNull();
      const entries = (await api.db.query(
        'SELECT count(*)::int AS n FROM gw.credit_ledger WHERE request_id = $1',
        [requestId],
      )) as { n: number }[];
      expect(entries[0].n).toBe(0);
      expect(await expectBalancedBooks(accountId)).toMatchObject({ balance: 960 });
    });

    it('should answer 402 insufficient_credits when the balance does not cover the fresh price', async () => {
      const poor = await api.account({ tier: 'paid', credits: 0.2 });
      const res = await api.fetch('/v1/cbs/sbi/01.11', { headers: { 'x-api-key': poor.key } });
      expect(res.status).toBe(402);
      expect(await jsonOf(res)).toMatchObject({ code: 'insufficient_credits', status: 402 });
      expect(res.headers.get('x-credits-remaining')).toBe('0.20');
      expect(await expectBalancedBooks(poor.accountId)).toMatchObject({ balance: 20 });
    });
  });

  it('should let exactly 2 of 50 concurrent 0.50 calls through a balance of 1.00', async () => {
    const { accountId, key } = await api.account({ tier: 'paid', credits: 1 });
    const responses = await Promise.all(
      Array.from({ length: 50 }, () =>
        api.fetch('/v1/cbs/sbi?level=section', { headers: { 'x-api-key': key } }),
      ),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(2);
    expect(statuses.filter((s) => s === 402)).toHaveLength(48);
    for (const res of responses.filter((r) => r.status === 402))
      expect(await jsonOf(res)).toMatchObject({ code: 'insufficient_credits' });
    expect(await expectBalancedBooks(accountId)).toMatchObject({ balance: 0, charged: 100 });
  });

  describe('an account whose balance covers many calls', () => {
    /**
     * Its ledger rows as (kind, amount, charged, reserved), oldest first: the append-only ledger's
     * rows lie in the order they were written (ctid); it has no serial id.
     */
    async function rows(accountId: string) {
      return (await api.db.query(
        `SELECT kind, amount::int AS amount, charged::int AS charged, reserved::int AS reserved
           FROM gw.credit_ledger WHERE account_id = $1 AND kind <> 'topup' ORDER BY ctid`,
        [accountId],
      )) as { kind: string; amount: number; charged: number; reserved: number | null }[];
    }

    /** Whether this gateway charges a call at `amount` after its answer (Postgres: ChargesAfter). */
    const chargesAfter = (accountId: string, amount: number) =>
      api.credits.afterwards?.chargesAfter(accountId, amount) ?? false;

    it('should be charged after its answers on Postgres, one row per call, nothing for a failure', async () => {
      const { accountId, key } = await api.account({ tier: 'paid', credits: 1_000 });
      const headers = { 'x-api-key': key };
      const embedded = isEmbedded(api.db);
      const charged: string[] = [];
      for (const path of ['/v1/cbs/sbi/10.71', '/v1/cbs/sbi/1071', '/v1/cbs/sbi/9999']) {
        const res = await api.fetch(path, { headers });
        charged.push(
          `${res.status} ${res.headers.get('x-credits-charged')} ${res.headers.get('x-credits-remaining')}`,
        );
      }
      expect(charged).toEqual(['200 0.30 999.70', '200 0.10 999.60', '404 0.00 999.60']);
      // The first call reserved (nothing was seen of the account yet); on Postgres the next one
      // reserved nothing and left one settle row standing for its reservation, and the 404 none.
      // The embedded profile writes closing rows for every call (its reservations are in memory).
      expect(await rows(accountId)).toEqual(
        embedded
          ? [
              { kind: 'settle', amount: -30, charged: 30, reserved: 30 },
              { kind: 'settle', amount: -10, charged: 10, reserved: 30 },
              { kind: 'release', amount: 0, charged: 0, reserved: 30 },
            ]
          : [
              { kind: 'reserve', amount: -30, charged: 0, reserved: null },
              { kind: 'settle', amount: 0, charged: 30, reserved: null },
              { kind: 'settle', amount: -10, charged: 10, reserved: 30 },
            ],
      );
      expect(chargesAfter(accountId, 30)).toBe(!embedded);
      expect(await expectBalancedBooks(accountId)).toMatchObject({ balance: 99_960, charged: 40 });
    });

    it('should let exactly 2 of 50 calls charged after through when another replica left 1.00', async () => {
      if (isEmbedded(api.db)) return; // one process owns the embedded books: no other replica
      const { accountId, key } = await api.account({ tier: 'paid', credits: 600 });
      const headers = { 'x-api-key': key };
      const first = await api.fetch('/v1/cbs/sbi?level=section', { headers });
      expect(first.headers.get('x-credits-remaining')).toBe('599.50');
      expect(chargesAfter(accountId, 50)).toBe(true);
      // Another gateway holds all but 1.00 of it; this one still counts on the balance it saw.
      const replica = new CreditsService(api.db);
      const held = await replica.reserve({
        accountId,
        amount: 59_850,
        endpoint: 'cbs.sbi.index',
        requestId: randomUUID(),
      });
      if (!held.ok) throw new Error(`the other replica's reservation was refused (${held.reason})`);
      const responses = await Promise.all(
        Array.from({ length: 50 }, () => api.fetch('/v1/cbs/sbi?level=section', { headers })),
      );
      const statuses = responses.map((r) => r.status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(2);
      expect(statuses.filter((s) => s === 402)).toHaveLength(48);
      for (const res of responses.filter((r) => r.status === 402)) {
        // Refused after the service answered: the data is withheld and nothing is charged.
        const body = await jsonOf(res);
        expect(body).toMatchObject({ code: 'insufficient_credits' });
        expect(body.data).toBeUndefined();
        expect(res.headers.get('x-credits-charged')).toBe('0.00');
      }
      expect(chargesAfter(accountId, 50)).toBe(false);
      expect(await replica.release(held.chargeId)).toBe(59_850);
      expect(await expectBalancedBooks(accountId)).toMatchObject({ balance: 59_850, charged: 150 });
    });
  });

  describe('crash safety', () => {
    it('should release, through the sweeper, a reservation whose request died before settling', async () => {
      const { accountId } = await api.account({ tier: 'paid', credits: 1 });
      // What a gateway killed between reserve and settle leaves behind: the reservation is one
      // committed statement, and nothing will ever settle it.
      const held = await api.credits.reserve({
        accountId,
        amount: 30,
        endpoint: 'cbs.sbi.lookup',
        requestId: randomUUID(),
      });
      if (!held.ok) throw new Error(`the reservation was refused (${held.reason})`);
      expect(held.balance).toBe(70);
      const sweeper = api.gateway.get(ReservationSweeper);

      // Younger than the longest gateway timeout: the request may still be running.
      await sweeper.sweep();
      // Embedded: the reservation is held in memory (a killed process takes it along).
      const embedded = isEmbedded(api.db);
      if (embedded) expect(api.credits.liveBalance(accountId)).toBe(70);
      else expect(await books(accountId)).toMatchObject({ balance: 70, open: 1 });

      // Older (only this account's row is aged; other suites may share the database). In
      // memory it cannot be aged: the sweep is asked for any age instead (this stack's own).
      if (!embedded)
        await api.db.query(
          `UPDATE gw.credit_reservation SET created_at = now() - make_interval(secs => $2::float8 / 1000)
            WHERE account_id = $1`,
          [accountId, SWEEP_AFTER_MS + 1_000],
        );
      expect(await sweeper.sweep(embedded ? 0 : undefined)).toBeGreaterThanOrEqual(1);
      expect(await expectBalancedBooks(accountId)).toMatchObject({ balance: 100, charged: 0 });
      expect(await api.credits.settle(held.chargeId, 30)).toBeNull();
    });

    it('should keep the books balanced over a random mix of 1,000 calls, 16 at a time', async () => {
      const { accountId, key } = await api.account({ tier: 'paid', credits: 150 });
      const headers = { 'x-api-key': key };
      const random = seeded(20261122);
      const codes = ['01.11', '10.71', '47.24', '62.10', '56.10', '6820', '4120', 'A', 'G', '62'];
      const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)];
      const kinds = [
        () => `/v1/cbs/sbi/${pick(codes)}`, // hits after the first of each code
        () => `/v1/cbs/sbi/${pick(['01', '47', '56'])}.${Math.floor(random() * 100)}`, // misses, some 404
        () => '/v1/cbs/sbi/9999', // 404
        () => `/v1/cbs/sbi?per_page=${pick(['0', '501', 'x'])}`, // 400
        () => '/v1/cbs/unserved/6210', // 503
        () => `/v1/cbs/sbi?level=${pick(['section', 'division'])}&page=${pick([1, 2])}`,
        () => `/v1/cbs/sbi/search?q=${pick(['bakkerij', 'software', 'softwre', 'vis'])}`,
      ];
      const paths = Array.from({ length: 1_000 }, () => pick(kinds)());

      const statuses = new Map<number, number>();
      let chargedByHeaders = 0;
      let next = 0;
      const worker = async () => {
        while (next < paths.length) {
          const res = await api.fetch(paths[next++], { headers });
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          const charged = hundredths(res.headers.get('x-credits-charged'));
          if (res.status !== 200) expect(charged).toBe(0);
          chargedByHeaders += charged;
          await res.arrayBuffer();
        }
      };
      await Promise.all(Array.from({ length: 16 }, worker));

      // Every kind of outcome occurred, and nothing else.
      expect([...statuses.keys()].sort()).toEqual(
        expect.arrayContaining([200, 400, 404, 503].sort()),
      );
      for (const status of statuses.keys()) expect([200, 400, 402, 404, 503]).toContain(status);
      const b = await expectBalancedBooks(accountId);
      expect(b.topups).toBe(15_000);
      expect(b.charged).toBe(chargedByHeaders);
      expect(b.charged).toBeGreaterThan(0);
    });
  });
});
