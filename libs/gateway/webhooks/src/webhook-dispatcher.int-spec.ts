import { AccountsService } from '@nl/gateway-access';
import { CreditsService, LEDGER_DATABASE } from '@nl/gateway-ledger';
import { openDatabase } from '@nl/platform-database';
import { silentLogger, testConfig } from '@nl/testing';
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DataSource } from 'typeorm';
import { ATTEMPT_LOG_SIZE, pruneSettled, recordAttempt } from './deliveries.sql.js';
import { WebhookDispatcher } from './webhook-dispatcher.js';
import { WebhookEndpoints } from './webhook-endpoints.js';
import { WebhookOutbox } from './webhook-outbox.js';
import { WebhookSpendCapAlerts } from './webhook-spend-cap-alerts.js';
import { WEBHOOK_ENTITIES } from './webhooks.entities.js';

const SETTINGS = { allowLoopback: true, retryScale: 0.001 };
const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A receiver on 127.0.0.1 that answers 200 (after `delayMs`) and lists the message ids. */
async function receiver(delayMs = 0): Promise<{ url: string; ids: string[]; server: Server }> {
  const ids: string[] = [];
  const server = createServer((req, res) => {
    ids.push(String(req.headers['webhook-id']));
    req.resume();
    req.on('end', () => setTimeout(() => res.writeHead(200).end(), delayMs));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, ids, server };
}

describe.each(['standalone', 'distributed'] as const)(
  'webhook outbox and dispatcher (%s)',
  (profile) => {
    let db: DataSource;
    let accounts: AccountsService;
    let endpoints: WebhookEndpoints;
    let hook: Awaited<ReturnType<typeof receiver>>;
    const started: WebhookDispatcher[] = [];

    beforeAll(async () => {
      db = await openDatabase(testConfig('gateway-webhooks-test', profile).database, [
        { ...LEDGER_DATABASE, entities: [...LEDGER_DATABASE.entities, ...WEBHOOK_ENTITIES] },
      ]);
      accounts = new AccountsService(db, new CreditsService(db));
      endpoints = new WebhookEndpoints(db);
      hook = await receiver();
    });
    afterEach(async () => {
      for (const dispatcher of started.splice(0)) await dispatcher.onApplicationShutdown();
    });
    afterAll(async () => {
      await new Promise((resolve) => hook.server.close(resolve));
      await db.destroy();
    });

    /** A dispatcher as a gateway process has one; `start` runs it. */
    function dispatcher(start = true): WebhookDispatcher {
      const sut = new WebhookDispatcher(db, endpoints, SETTINGS, silentLogger());
      if (start) sut.onApplicationBootstrap();
      started.push(sut);
      return sut;
    }

    async function account(url: string | null = hook.url): Promise<string> {
      const { id } = await accounts.createAccount({ name: 'hooks', tier: 'paid', credits: 0 });
      await endpoints.setUrl(id, url);
      return id;
    }

    const stateOf = async (id: string) =>
      (
        (await db.query('SELECT state FROM gw.webhook_delivery WHERE id = $1', [id])) as {
          state: string;
        }[]
      )[0]?.state;

    async function until(check: () => Promise<boolean> | boolean, withinMs = 5_000): Promise<void> {
      const end = Date.now() + withinMs;
      while (!(await check())) {
        if (Date.now() > end) throw new Error('timed out');
        await settle(10);
      }
    }

    it('should store nothing and answer null for an account without a URL', async () => {
      const outbox = new WebhookOutbox(db, endpoints, dispatcher(false));
      const accountId = await account(null);
      expect(await outbox.raise(accountId, 'batch.completed', {})).toBeNull();
      const rows = (await db.query('SELECT id FROM gw.webhook_delivery WHERE account_id = $1', [
        accountId,
      ])) as unknown[];
      expect(rows).toEqual([]);
    });

    it('should keep a raised event through a restart: the next process sends it', async () => {
      const before = dispatcher(false);
      const id = (await new WebhookOutbox(db, endpoints, before).raise(
        await account(),
        'batch.failed',
        {
          batch_id: 'b',
        },
      )) as string;
      await settle(50);
      expect([await stateOf(id), hook.ids.includes(id)]).toEqual(['pending', false]);
      await before.onApplicationShutdown();
      dispatcher();
      await until(async () => (await stateOf(id)) === 'delivered');
      expect(hook.ids.filter((i) => i === id)).toEqual([id]);
    });

    it('should send each of 30 deliveries once while two dispatchers claim them', async () => {
      const outbox = new WebhookOutbox(db, endpoints, dispatcher(false));
      const accountId = await account();
      const ids = await Promise.all(
        Array.from({ length: 30 }, (_, i) => outbox.raise(accountId, 'batch.completed', { i })),
      );
      dispatcher();
      dispatcher();
      await until(async () => {
        const [{ n }] = (await db.query(
          `SELECT count(*)::int AS n FROM gw.webhook_delivery WHERE account_id = $1 AND state = 'delivered'`,
          [accountId],
        )) as { n: number }[];
        return n === 30;
      });
      const sent = hook.ids.filter((id) => ids.includes(id));
      expect(sent.sort()).toEqual([...(ids as string[])].sort());
    });

    it('should wait for the attempts in flight on shutdown, then claim nothing more', async () => {
      const slow = await receiver(300);
      const sut = dispatcher();
      const outbox = new WebhookOutbox(db, endpoints, sut);
      const accountId = await account(slow.url);
      const first = (await outbox.raise(accountId, 'batch.completed', {})) as string;
      await until(() => slow.ids.includes(first));
      await sut.onApplicationShutdown();
      expect(await stateOf(first)).toBe('delivered');
      await new Promise((resolve) => slow.server.close(resolve));
      const later = (await outbox.raise(accountId, 'batch.completed', {})) as string;
      await settle(1_200);
      expect(await stateOf(later)).toBe('pending');
    });

    it(`should keep the last ${ATTEMPT_LOG_SIZE} attempts of a delivery`, async () => {
      const outbox = new WebhookOutbox(db, endpoints, dispatcher(false));
      const id = (await outbox.raise(await account(), 'batch.failed', {})) as string;
      for (let n = 1; n <= ATTEMPT_LOG_SIZE + 2; n++) {
        await db.query('UPDATE gw.webhook_delivery SET attempts = $2 WHERE id = $1', [id, n]);
        const record = {
          at: new Date(n * 1000).toISOString(),
          outcome: 'timeout',
          status: null,
          ms: n,
        };
        await recordAttempt(
          db,
          { id, attempts: n },
          {
            state: 'pending',
            nextAttemptAt: new Date(Date.now() + 3600_000),
            status: null,
            outcome: 'timeout',
            error: 'no answer',
            record,
          },
        );
      }
      const [row] = (await db.query('SELECT attempt_log FROM gw.webhook_delivery WHERE id = $1', [
        id,
      ])) as {
        attempt_log: { ms: number }[];
      }[];
      expect(row.attempt_log.map((a) => a.ms)).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    });

    it('should store one spend_cap.alert per key and period, whichever replica raises it', async () => {
      const outbox = new WebhookOutbox(db, endpoints, dispatcher(false));
      const accountId = await account();
      const replicas = [0, 1].map(() => new WebhookSpendCapAlerts(outbox, silentLogger()));
      // Keys of this run alone: a shared database keeps earlier runs' alerts, whose ids are the keys'.
      const [key1, key2] = [randomUUID(), randomUUID()];
      const today = {
        period: 'daily',
        cap: 100,
        spent: 100,
        resetsAt: '2026-11-29T00:00:00.000Z',
      } as const;
      for (let i = 0; i < 40; i++) replicas[i % 2].capReached(accountId, key1, today);
      replicas[0].capReached(accountId, key1, {
        ...today,
        resetsAt: '2026-11-30T00:00:00.000Z',
      });
      replicas[0].capReached(accountId, key2, today);
      const count = async () =>
        (
          (await db.query(
            `SELECT id FROM gw.webhook_delivery
           WHERE account_id = $1 AND event_type = 'spend_cap.alert'`,
            [accountId],
          )) as unknown[]
        ).length;
      await until(async () => (await count()) === 3);
      await settle(100);
      expect(await count()).toBe(3);
    });

    it('should move pending deliveries to a changed URL, and give them up when it is cleared', async () => {
      const outbox = new WebhookOutbox(db, endpoints, dispatcher(false));
      const accountId = await account('https://old.example/hook');
      const registered = (await outbox.raise(accountId, 'batch.completed', {})) as string;
      const own = (await outbox.raise(
        accountId,
        'batch.completed',
        {},
        'https://own.example/',
      )) as string;
      const urls = async () =>
        Object.fromEntries(
          (
            (await db.query(
              'SELECT id, url, state FROM gw.webhook_delivery WHERE account_id = $1',
              [accountId],
            )) as { id: string; url: string; state: string }[]
          ).map((r) => [r.id, `${r.state} ${r.url}`]),
        );
      await endpoints.setUrl(accountId, 'https://new.example/hook');
      expect(await urls()).toEqual({
        [registered]: 'pending https://new.example/hook',
        [own]: 'pending https://own.example/',
      });
      await endpoints.setUrl(accountId, null);
      expect(await urls()).toEqual({
        [registered]: 'failed https://new.example/hook',
        [own]: 'pending https://own.example/',
      });
    });

    it('should remove settled deliveries past the retention, never a pending one', async () => {
      const outbox = new WebhookOutbox(db, endpoints, dispatcher(false));
      const accountId = await account();
      const ids = await Promise.all(
        [0, 1, 2].map(() => outbox.raise(accountId, 'batch.failed', {})),
      );
      await db.query(
        `UPDATE gw.webhook_delivery SET state = 'failed', updated_at = now() - interval '50 days'
         WHERE id = $1`,
        [ids[0]],
      );
      await db.query(
        `UPDATE gw.webhook_delivery SET updated_at = now() - interval '50 days' WHERE id = $1`,
        [ids[1]],
      );
      await db.query(`UPDATE gw.webhook_delivery SET state = 'delivered' WHERE id = $1`, [ids[2]]);
      await pruneSettled(db, new Date(Date.now() - 45 * 24 * 3600_000));
      const left = (await db.query(
        'SELECT id FROM gw.webhook_delivery WHERE account_id = $1 ORDER BY id',
        [accountId],
      )) as { id: string }[];
      expect(left.map((r) => r.id)).toEqual([ids[1], ids[2]].sort());
    });
  },
);
