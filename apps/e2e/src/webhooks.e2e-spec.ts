import { WebhookOutbox } from '@nl/gateway-webhooks';
import { jsonOf, PROFILES, startStack, type Stack } from './support/stack.js';
import { WebhookReceiver, type ReceivedCall } from './support/webhook-receiver.js';

// Account webhooks end to end: a receiver on 127.0.0.1 verifies every call with the
// `standardwebhooks` library. The stack allows loopback receivers (a test-only setting) and
// runs the retry schedule a thousand times faster.
const WEBHOOKS = '/v1/account/webhooks';
const TEST_ENV = { WEBHOOKS_ALLOW_LOOPBACK: 'true', WEBHOOK_RETRY_SCALE: '0.001' };

interface Delivery {
  id: string;
  type: string;
  url: string;
  state: string;
  attempts: number;
  last_status: number | null;
  last_outcome: string | null;
  last_error: string | null;
  recent_attempts: { outcome: string; status: number | null }[];
}

const expectAllVerified = (calls: ReceivedCall[]) =>
  expect(calls.map((c) => c.verifiedBy.length > 0)).toEqual(calls.map(() => true));

describe.each(PROFILES)('account webhooks (%s)', (profile) => {
  let api: Stack;
  let receiver: WebhookReceiver;
  let outbox: WebhookOutbox;
  beforeAll(async () => {
    receiver = await new WebhookReceiver().start();
    api = await startStack(profile, { env: TEST_ENV });
    outbox = api.gateway.get(WebhookOutbox);
  });
  afterAll(async () => {
    await api?.close();
    await receiver?.close();
  });

  const call = (key: string, method: string, path = WEBHOOKS, body?: unknown) =>
    api.fetch(path, {
      method,
      headers: {
        'x-api-key': key,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  /** An account whose webhook URL is the receiver's `path`, and the secret it learnt by rotating. */
  async function registered(path: string, statuses: number[], headers?: Record<string, string>) {
    const { accountId, key } = await api.account({ tier: 'paid', credits: 100 });
    const url = receiver.route(path, { statuses, headers, secrets: [] });
    const put = await call(key, 'PUT', WEBHOOKS, { url });
    expect(put.status).toBe(200);
    expect((await jsonOf(put)).url).toBe(url);
    const rotated = await call(key, 'POST', `${WEBHOOKS}/secret`);
    expect(rotated.status).toBe(200);
    const { secret } = (await jsonOf(rotated)) as { secret: string };
    expect(secret).toMatch(/^whsec_/);
    receiver.secrets(path, [secret]);
    return { accountId, key, url, secret };
  }

  async function deliveries(key: string): Promise<Delivery[]> {
    const res = await call(key, 'GET');
    expect(res.status).toBe(200);
    return ((await jsonOf(res)) as { deliveries: Delivery[] }).deliveries;
  }

  async function settled(key: string, id: string, withinMs = 10_000): Promise<Delivery> {
    const until = Date.now() + withinMs;
    for (;;) {
      const found = (await deliveries(key)).find((d) => d.id === id);
      if (found && found.state !== 'pending') return found;
      if (Date.now() > until) throw new Error(`delivery ${id} still ${found?.state}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  it('should deliver a raised event, signed so that standardwebhooks verifies it', async () => {
    const { accountId, key, secret } = await registered(`/ok-${profile}`, [204]);
    const id = await outbox.raise(accountId, 'batch.completed', { batch_id: 'b1' });
    expect(id).toMatch(/^msg_[0-9a-f]{32}$/);
    const [got] = await receiver.waitFor(`/ok-${profile}`, 1);
    expectAllVerified([got]);
    expect(got.headers['webhook-id']).toBe(id);
    expect(JSON.parse(got.body)).toMatchObject({
      type: 'batch.completed',
      data: { batch_id: 'b1' },
    });
    const delivery = await settled(key, id as string);
    expect(delivery).toMatchObject({ state: 'delivered', attempts: 1, last_status: 204 });
    const view = await jsonOf(await call(key, 'GET'));
    expect(view.secret_hint).toBe(secret.slice(-4));
    expect(JSON.stringify(view)).not.toContain(secret);
  });

  it('should raise nothing for an account without a URL', async () => {
    const { accountId } = await api.account({ tier: 'paid', credits: 1 });
    expect(await outbox.raise(accountId, 'batch.failed', {})).toBeNull();
  });

  it('should retry a receiver that answers 500 three times, with growing gaps, and log it', async () => {
    const path = `/flaky-${profile}`;
    const { accountId, key } = await registered(path, [500, 500, 500, 200]);
    const id = (await outbox.raise(accountId, 'batch.failed', { batch_id: 'b2' })) as string;
    const calls = await receiver.waitFor(path, 4);
    expectAllVerified(calls);
    expect(new Set(calls.map((c) => c.headers['webhook-id']))).toEqual(new Set([id]));
    const gaps = calls.slice(1).map((c, i) => c.at - calls[i].at);
    expect(gaps[0]).toBeLessThan(gaps[1]);
    expect(gaps[1]).toBeLessThan(gaps[2]);
    // 5 min and 30 min at a thousandth: about 0.3 s and 1.8 s.
    expect(gaps[2]).toBeGreaterThan(1_400);
    const delivery = await settled(key, id);
    expect(delivery).toMatchObject({ state: 'delivered', attempts: 4, last_status: 200 });
    expect(delivery.recent_attempts.map((a) => [a.outcome, a.status])).toEqual([
      ['http_error', 500],
      ['http_error', 500],
      ['http_error', 500],
      ['delivered', 200],
    ]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(receiver.callsTo(path)).toHaveLength(4);
  });

  it('should sign with the old and the new secret after a rotation', async () => {
    const path = `/rotate-${profile}`;
    const { accountId, key, secret: old } = await registered(path, [200]);
    const rotated = await jsonOf(await call(key, 'POST', `${WEBHOOKS}/secret`));
    expect(rotated.secret).not.toBe(old);
    expect(Date.parse(rotated.previous_secret_valid_until) - Date.now()).toBeGreaterThan(
      23 * 3600_000,
    );
    receiver.secrets(path, [old, rotated.secret]);
    await outbox.raise(accountId, 'batch.completed', { batch_id: 'b3' });
    const [got] = await receiver.waitFor(path, 1);
    expect(got.verifiedBy).toEqual([0, 1]);
    expect(String(got.headers['webhook-signature']).split(' ')).toHaveLength(2);
    const view = await jsonOf(await call(key, 'GET'));
    expect(view.previous_secret_valid_until).toBe(rotated.previous_secret_valid_until);
  });

  it('should not follow a redirect to a private address: a 3xx attempt in the log', async () => {
    const path = `/moved-${profile}`;
    const { accountId, key } = await registered(path, [302], { location: 'http://10.0.0.1/hook' });
    const id = (await outbox.raise(accountId, 'batch.completed', { batch_id: 'b4' })) as string;
    await receiver.waitFor(path, 1);
    const until = Date.now() + 5_000;
    let delivery: Delivery | undefined;
    while (!delivery?.attempts || delivery.last_outcome === null) {
      if (Date.now() > until) throw new Error('no attempt logged');
      delivery = (await deliveries(key)).find((d) => d.id === id);
    }
    expect(delivery).toMatchObject({ last_outcome: 'http_error', last_status: 302 });
    expect(delivery.last_error).toContain('http://10.0.0.1/hook');
    expectAllVerified(receiver.callsTo(path));
  });

  it('should queue a settled delivery again with the same id, and 404 an unknown one', async () => {
    const path = `/resend-${profile}`;
    const { accountId, key } = await registered(path, [200]);
    const id = (await outbox.raise(accountId, 'batch.completed', { batch_id: 'b5' })) as string;
    await settled(key, id);
    const resent = await call(key, 'POST', `${WEBHOOKS}/deliveries/${id}/resend`);
    expect(resent.status).toBe(202);
    const calls = await receiver.waitFor(path, 2);
    expect(calls.map((c) => c.headers['webhook-id'])).toEqual([id, id]);
    expectAllVerified(calls);
    expect(await settled(key, id)).toMatchObject({ state: 'delivered', attempts: 1 });

    const other = await api.account({ tier: 'paid', credits: 1 });
    for (const [who, what] of [
      [other.key, id],
      [key, 'msg_00000000000000000000000000000000'],
    ]) {
      const res = await call(who, 'POST', `${WEBHOOKS}/deliveries/${what}/resend`);
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    }
  });

  it("should tell a batch job's end to its own webhook URL, or else the account's", async () => {
    const path = `/batch-${profile}`;
    const { key, url, secret } = await registered(path, [200]);
    const own = receiver.route(`/batch-own-${profile}`, { statuses: [200], secrets: [secret] });
    const items = [{ code: '62.10' }, { code: '47.11' }];
    const submit = async (body: object) => {
      const res = await call(key, 'POST', '/v1/batches', {
        endpoint: 'cbs.sbi.lookup',
        items,
        ...body,
      });
      expect(res.status).toBe(202);
      return ((await jsonOf(res)) as { id: string }).id;
    };
    const toAccount = await submit({});
    const toOwn = await submit({ webhook_url: own });
    const [accountCall] = await receiver.waitFor(path, 1, 30_000);
    const [ownCall] = await receiver.waitFor(`/batch-own-${profile}`, 1, 30_000);
    expectAllVerified([accountCall, ownCall]);
    expect(JSON.parse(accountCall.body)).toMatchObject({
      type: 'batch.completed',
      data: { id: toAccount },
    });
    expect(JSON.parse(ownCall.body)).toMatchObject({
      type: 'batch.completed',
      data: { id: toOwn },
    });
    const logged = await deliveries(key);
    expect(logged.map((d) => d.url).sort()).toEqual([own, url].sort());
  });

  it('should raise exactly one spend_cap.alert however often a capped key is refused', async () => {
    const path = `/caps-${profile}`;
    const { accountId, key } = await registered(path, [200]);
    const [{ id: keyId }] = await api.accounts.listKeys(accountId);
    await api.accounts.setSpendCaps(accountId, keyId, {
      dailyCap: 0.01,
      monthlyCap: null,
      alertPercent: null,
    });
    for (let i = 0; i < 12; i++) {
      const res = await api.get('/v1/cbs/sbi/62.10', { 'x-api-key': key });
      expect(res.status).toBe(402);
    }
    const [got] = await receiver.waitFor(path, 1);
    expectAllVerified([got]);
    expect(JSON.parse(got.body)).toMatchObject({
      type: 'spend_cap.alert',
      data: { key_id: keyId, period: 'daily', cap: '0.01', spent: '0.00' },
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(receiver.callsTo(path)).toHaveLength(1);
    expect((await deliveries(key)).map((d) => d.type)).toEqual(['spend_cap.alert']);
  });
});

describe('account webhook URLs without the test opening for loopback', () => {
  let api: Stack;
  beforeAll(async () => {
    api = await startStack('standalone');
  });
  afterAll(() => api?.close());

  it.each([
    ['https://127.0.0.1/hook', 'loopback_address'],
    ['https://10.0.0.1/hook', 'private_address'],
    ['https://[::ffff:169.254.169.254]/', 'link_local_address'],
    ['http://198.51.100.7/hook', 'not_https'],
  ])('should refuse %s (%s)', async (url, reason) => {
    const { key } = await api.account({ tier: 'paid', credits: 1 });
    const res = await api.fetch(WEBHOOKS, {
      method: 'PUT',
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      body: JSON.stringify({ url }),
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(await jsonOf(res)).toMatchObject({ code: 'validation_failed', reason });
    const view = await jsonOf(await api.get(WEBHOOKS, { 'x-api-key': key }));
    expect(view.url).toBeNull();
  });
});
