import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { everyPart } from '@nl/composition';
import { AccountsService } from '@nl/gateway-access';
import { gatewayApp } from '@nl/gateway-app';
import type { PlatformConfig } from '@nl/platform-config';
import { composeApp, startApp } from '@nl/platform-runtime';
import { silentLogger, testConfig } from '@nl/testing';
import { freePort } from './support/ports.js';
import { jsonOf } from './support/stack.js';

// The gateway with its Redis down (here: a port nobody listens on): its readiness says so, in a
// `redis` entry, but it stays ready (degraded), since every call is still answered: rate limits
// count in the replica's memory, key changes reach it through its short key cache.
describe('the gateway while its Redis is down', () => {
  let app: NestFastifyApplication;
  let url: string;
  beforeAll(async () => {
    const config: PlatformConfig = {
      ...testConfig('standalone', 'standalone'),
      cache: { kind: 'redis', url: `redis://127.0.0.1:${await freePort()}`, prefix: 'redis-down' },
    };
    ({ app, url } = await startApp(composeApp(config, silentLogger(), everyPart(gatewayApp()))));
  });
  afterAll(() => app?.close());

  it('should be ready but degraded, naming Redis and what falls back', async () => {
    const res = await fetch(`${url}/health/ready`);
    expect(res.status).toBe(200);
    const body = await jsonOf(res);
    expect(body.status).toBe('degraded');
    expect(body.checks.redis).toEqual({
      status: 'down',
      error: expect.stringContaining('rate limits count in this replica only'),
    });
  });

  it('should still answer calls, with their rate-limit headers', async () => {
    const accounts = app.get(AccountsService);
    const account = await accounts.createAccount({ name: 'r', tier: 'premium', credits: 10_000 });
    const { key } = await accounts.createKey(account.id);
    const res = await fetch(`${url}/v1/cbs/sbi/6210`, { headers: { 'x-api-key': key } });
    expect(res.status).toBe(200);
    expect(res.headers.get('ratelimit-remaining')).toMatch(/^\d+$/);
  });
});
