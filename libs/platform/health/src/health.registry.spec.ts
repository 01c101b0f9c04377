import { HealthRegistry } from './health.registry.js';

describe(HealthRegistry.name, () => {
  it('should be ok when every indicator is up', async () => {
    const sut = new HealthRegistry();
    sut.register({ name: 'db', check: async () => ({ status: 'up', latencyMs: 1 }) });
    expect(await sut.check()).toEqual({
      status: 'ok',
      checks: { db: { status: 'up', latencyMs: 1 } },
    });
  });

  it('should report a failing indicator as down with its reason', async () => {
    const sut = new HealthRegistry();
    sut.register({ name: 'db', check: async () => ({ status: 'up' }) });
    sut.register({ name: 'nats', check: async () => Promise.reject(new Error('closed')) });
    expect(await sut.check()).toEqual({
      status: 'error',
      checks: { db: { status: 'up' }, nats: { status: 'down', error: 'closed' } },
    });
  });

  it('should call a down optional dependency degraded, not an error', async () => {
    const sut = new HealthRegistry();
    sut.register({ name: 'db', check: async () => ({ status: 'up' }) });
    sut.register({ name: 'cache', critical: false, check: async () => ({ status: 'down' }) });
    expect((await sut.check()).status).toBe('degraded');
  });

  it('should fail liveness only on its own indicators', async () => {
    const sut = new HealthRegistry();
    sut.register({ name: 'db', check: async () => ({ status: 'down' }) });
    expect((await sut.checkLiveness()).status).toBe('ok');
    sut.registerLiveness({ name: 'transport', check: async () => ({ status: 'down' }) });
    expect((await sut.checkLiveness()).status).toBe('error');
  });
});
