import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { Webhook } from 'standardwebhooks';
import { TEST_CERT, TEST_KEY } from './testing/test-certificate.js';
import { ALLOW_LOOPBACK_FOR_TESTS, type WebhookResolver } from './webhook-destination.js';
import { webhookEvent } from './webhook-event.js';
import { deliver } from './webhook-sender.js';
import { newWebhookSecret } from './webhook-signature.js';

/**
 * A real TLS receiver on 127.0.0.1 with a certificate for hooks.example.test: the sender must
 * connect to the checked address yet present and verify the name.
 */
interface Seen {
  servername: string | false | null;
  host?: string;
  headers: Record<string, string>;
  body: string;
}

let srv: Server;
let port: number;
const seen: Seen[] = [];
const everythingIsLocal: WebhookResolver = async () => [{ address: '127.0.0.1', family: 4 }];
const options = {
  allowLoopbackForTests: ALLOW_LOOPBACK_FOR_TESTS,
  caForTests: TEST_CERT,
  resolve: everythingIsLocal,
} as const;
const event = webhookEvent('spend_cap.alert', { capCredits: 5000, spentCredits: 5012 });

beforeAll(async () => {
  srv = createServer({ cert: TEST_CERT, key: TEST_KEY }, (req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const servername = (req.socket as TLSSocket).servername;
      seen.push({ servername, host: req.headers.host, headers: req.headers as never, body });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  port = (srv.address() as AddressInfo).port;
});
afterAll(() => new Promise((resolve) => srv.close(resolve)));
beforeEach(() => seen.splice(0));

describe('deliver over https', () => {
  it('connects to the checked address, with the name in SNI, Host and the certificate check', async () => {
    const secret = newWebhookSecret();
    const out = await deliver(`https://hooks.example.test:${port}/in`, event, [secret], options);
    expect(out).toMatchObject({ outcome: 'delivered', status: 200, body: 'ok' });
    expect(seen).toHaveLength(1);
    expect(seen[0].servername).toBe('hooks.example.test');
    expect(seen[0].host).toBe(`hooks.example.test:${port}`);
    expect(new Webhook(secret).verify(seen[0].body, seen[0].headers)).toEqual(event);
  });

  it('fails when the certificate is not for the name, though the address is the same', async () => {
    const out = await deliver(
      `https://other.example.test:${port}/in`,
      event,
      [newWebhookSecret()],
      options,
    );
    expect(out).toMatchObject({ outcome: 'network_error' });
    expect(out.outcome === 'network_error' && out.error).toMatch(/other\.example\.test/);
    expect(seen).toHaveLength(0);
  });
});
