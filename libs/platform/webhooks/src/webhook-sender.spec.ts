import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { ALLOW_LOOPBACK_FOR_TESTS, type WebhookResolver } from './webhook-destination.js';
import { webhookEvent } from './webhook-event.js';
import { deliver } from './webhook-sender.js';
import { newWebhookSecret } from './webhook-signature.js';

interface Received {
  url?: string;
  headers: IncomingMessage['headers'];
  body: string;
}
type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** A plain http receiver on 127.0.0.1 (the loopback opening lets the sender reach it). */
async function receiver() {
  let handler: Handler = (_req, res) => res.writeHead(204).end();
  const received: Received[] = [];
  const open = new Set<ServerResponse>();
  const srv = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      received.push({ url: req.url, headers: req.headers, body });
      open.add(res);
      res.on('close', () => open.delete(res));
      handler(req, res);
    });
  });
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const { port } = srv.address() as AddressInfo;
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    received,
    set: (h: Handler) => (handler = h),
    close: async () => {
      for (const res of open) res.destroy();
      await new Promise((resolve) => srv.close(resolve));
    },
  };
}

const loopback = { allowLoopbackForTests: ALLOW_LOOPBACK_FOR_TESTS } as const;
const event = webhookEvent('batch.completed', { batchId: 'bat_1', calls: 3 });
let rx: Awaited<ReturnType<typeof receiver>>;
beforeEach(async () => (rx = await receiver()));
afterEach(() => rx.close());

describe('deliver', () => {
  it('POSTs the JSON event, signed so the reference library verifies it', async () => {
    const secret = newWebhookSecret();
    const out = await deliver(`${rx.url}/hooks?src=nl`, event, [secret], loopback);
    expect(out).toMatchObject({ outcome: 'delivered', status: 204 });
    const [got] = rx.received;
    expect(got.url).toBe('/hooks?src=nl');
    expect(got.headers['content-type']).toBe('application/json');
    expect(got.headers['webhook-id']).toBe(out.messageId);
    expect(new Webhook(secret).verify(got.body, got.headers as Record<string, string>)).toEqual(
      event,
    );
  });

  it('during a rotation both the new and the old secret verify the same delivery', async () => {
    const [current, previous] = [newWebhookSecret(), newWebhookSecret()];
    await deliver(rx.url, event, [current, previous], loopback);
    const [got] = rx.received;
    const headers = got.headers as Record<string, string>;
    expect(new Webhook(current).verify(got.body, headers)).toEqual(event);
    expect(new Webhook(previous).verify(got.body, headers)).toEqual(event);
    expect(() => new Webhook(newWebhookSecret()).verify(got.body, headers)).toThrow();
  });

  it('keeps the message id across retries, with a fresh timestamp', async () => {
    const secret = newWebhookSecret();
    const first = await deliver(rx.url, event, [secret], loopback);
    const later = new Date(Date.now() + 60_000);
    await deliver(rx.url, event, [secret], {
      ...loopback,
      messageId: first.messageId,
      now: () => later,
    });
    const [a, b] = rx.received.map((r) => r.headers);
    expect(b['webhook-id']).toBe(a['webhook-id']);
    expect(Number(b['webhook-timestamp']) - Number(a['webhook-timestamp'])).toBeGreaterThanOrEqual(
      59,
    );
  });

  it('connects to the checked address with one lookup, the name kept in Host', async () => {
    const lookups: string[] = [];
    const resolve: WebhookResolver = async (name) => {
      lookups.push(name);
      // A rebinding resolver: a second question would be answered with the metadata address.
      return [{ address: lookups.length === 1 ? '127.0.0.1' : '169.254.169.254', family: 4 }];
    };
    const out = await deliver(`http://hooks.example.com:${rx.port}/`, event, [newWebhookSecret()], {
      ...loopback,
      resolve,
    });
    expect(out.outcome).toBe('delivered');
    expect(lookups).toEqual(['hooks.example.com']);
    expect(rx.received[0].headers.host).toBe(`hooks.example.com:${rx.port}`);
  });

  it('does not follow a redirect: the 3xx is the outcome, with its target', async () => {
    rx.set((_req, res) => res.writeHead(302, { location: `${rx.url}/elsewhere` }).end());
    const out = await deliver(rx.url, event, [newWebhookSecret()], loopback);
    expect(out).toMatchObject({
      outcome: 'http_error',
      status: 302,
      location: `${rx.url}/elsewhere`,
    });
    expect(rx.received).toHaveLength(1);
  });

  it('reports a 5xx and a 429 with its Retry-After', async () => {
    rx.set((_req, res) => res.writeHead(503).end('down'));
    expect(await deliver(rx.url, event, [newWebhookSecret()], loopback)).toMatchObject({
      outcome: 'http_error',
      status: 503,
      body: 'down',
    });
    rx.set((_req, res) => res.writeHead(429, { 'retry-after': '120' }).end());
    expect(await deliver(rx.url, event, [newWebhookSecret()], loopback)).toMatchObject({
      outcome: 'http_error',
      status: 429,
      retryAfterMs: 120_000,
    });
  });

  it('gives up on a receiver that does not answer in time', async () => {
    rx.set(() => undefined);
    const started = Date.now();
    const out = await deliver(rx.url, event, [newWebhookSecret()], { ...loopback, timeoutMs: 300 });
    expect(out).toMatchObject({ outcome: 'timeout', timeoutMs: 300 });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('reads no more of the answer than the cap, and stops there', async () => {
    // A receiver that streams an endless answer: only the cap ends the read early.
    rx.set((_req, res) => {
      res.writeHead(200);
      res.write('x'.repeat(64 * 1024));
    });
    const started = Date.now();
    const out = await deliver(rx.url, event, [newWebhookSecret()], {
      ...loopback,
      maxResponseBytes: 1000,
      timeoutMs: 5_000,
    });
    expect(out).toMatchObject({ outcome: 'delivered', status: 200 });
    expect(out.outcome === 'delivered' && out.body.length).toBe(1000);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('reports a connection that fails as a network error', async () => {
    await rx.close();
    const out = await deliver(rx.url, event, [newWebhookSecret()], loopback);
    expect(out).toMatchObject({ outcome: 'network_error' });
    rx = await receiver();
  });

  it('refuses a private address without connecting, and loopback without the opening', async () => {
    const out = await deliver('https://10.0.0.1/hook', event, [newWebhookSecret()], loopback);
    expect(out).toMatchObject({ outcome: 'refused', reason: 'private_address' });
    const https = rx.url.replace('http:', 'https:');
    expect(await deliver(https, event, [newWebhookSecret()])).toMatchObject({
      outcome: 'refused',
      reason: 'loopback_address',
    });
    expect(await deliver(rx.url, event, [newWebhookSecret()])).toMatchObject({
      outcome: 'refused',
      reason: 'not_https',
    });
    expect(rx.received).toHaveLength(0);
  });
});
