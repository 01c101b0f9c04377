import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DOMAIN_PARTS } from '@nl/composition';
import { AccountsService } from '@nl/gateway-access';
import { gatewayApp } from '@nl/gateway-app';
import type { PlatformConfig } from '@nl/platform-config';
import { composeApp, startApp, type AppPart } from '@nl/platform-runtime';
import { silentLogger, testConfig } from '@nl/testing';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { freePort } from './support/ports.js';
import { jsonOf } from './support/stack.js';

// A gateway and a service started while NATS does not answer: they start (alive, not ready,
// calls refused at once with 503), and once NATS answers they connect, subscribe and serve
// without a restart. Each app keeps its tables in PGlite: only the transport matters here.

const NATS_SERVER = [
  '/usr/sbin/nats-server',
  '/usr/bin/nats-server',
  '/usr/local/bin/nats-server',
].find((path) => existsSync(path));
if (!NATS_SERVER && !process.env.CI)
  process.stdout.write('nats-at-start: skipped, this machine lacks nats-server\n');
const suite = NATS_SERVER || process.env.CI ? describe : describe.skip;

/** Polls `check` every 50 ms until it is true, failing after `withinMs`. */
async function until(what: string, check: () => Promise<boolean>, withinMs = 20_000) {
  const deadline = Date.now() + withinMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

suite('a gateway and a service started while NATS is down', () => {
  let port: number;
  let nats: ChildProcess | undefined;
  const apps: NestFastifyApplication[] = [];
  let gateway: string;
  let service: string;
  let key: string;

  /** An app of `part` whose transport is NATS on the private port. */
  async function start(
    name: string,
    part: AppPart,
  ): Promise<{ app: NestFastifyApplication; url: string }> {
    const config: PlatformConfig = {
      ...testConfig(name, 'standalone'),
      transport: { kind: 'nats', servers: [`nats://127.0.0.1:${port}`] },
    };
    const started = await startApp(composeApp(config, silentLogger(), [part]));
    apps.push(started.app);
    return started;
  }
  const get = (url: string, headers?: Record<string, string>) => fetch(url, { headers });
  const status = async (url: string) => (await get(url)).status;

  beforeAll(async () => {
    port = await freePort();
    const gw = await start('gateway', gatewayApp());
    gateway = gw.url;
    service = (await start('cbs', DOMAIN_PARTS.cbs)).url;
    const accounts = gw.app.get(AccountsService);
    const account = await accounts.createAccount({
      name: 'late',
      tier: 'premium',
      credits: 10_000,
    });
    key = (await accounts.createKey(account.id)).key;
  }, 60_000);
  afterAll(async () => {
    for (const app of apps) await app.close();
    nats?.kill('SIGKILL');
  });

  it('should be alive and not ready, naming NATS, and refuse calls at once with 503 and Retry-After', async () => {
    for (const url of [gateway, service]) {
      expect(await status(`${url}/health/live`)).toBe(200);
      const ready = await get(`${url}/health/ready`);
      expect(ready.status).toBe(503);
      expect(await jsonOf(ready)).toMatchObject({
        checks: { transport: { status: 'down', kind: 'nats' } },
      });
    }
    const res = await get(`${gateway}/v1/cbs/sbi/6210`, { 'x-api-key': key });
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await jsonOf(res)).toMatchObject({ code: 'transport_unavailable' });
  });

  it('should become ready and serve, without a restart, once NATS answers', async () => {
    nats = spawn(NATS_SERVER ?? 'nats-server', ['-a', '127.0.0.1', '-p', String(port)], {
      stdio: 'ignore',
    });
    await until('gateway ready', async () => (await status(`${gateway}/health/ready`)) === 200);
    // Just after NATS came back, a service nobody answers for yet (here: never started) is
    // expected within moments, as services resubscribe within about a second: not in 30 s.
    const missing = await get(`${gateway}/v1/kvk/69599084`, { 'x-api-key': key });
    expect(missing.status).toBe(503);
    expect(await jsonOf(missing)).toMatchObject({ code: 'service_unavailable' });
    expect(missing.headers.get('retry-after')).toBe('2');
    await until('service ready', async () => (await status(`${service}/health/ready`)) === 200);
    // Ready means connected; the subscriptions reach the server a moment later.
    let res = await get(`${gateway}/v1/cbs/sbi/6210`, { 'x-api-key': key });
    await until('a call served', async () => {
      res = await get(`${gateway}/v1/cbs/sbi/6210`, { 'x-api-key': key });
      return res.status !== 503;
    });
    expect(res.status).toBe(200);
    expect(await jsonOf(res)).toMatchObject({ found: true });
  });
});
