import { jest } from '@jest/globals';
import { HealthRegistry } from './health.registry.js';
import { OutageMonitor } from './outage-monitor.js';

describe(OutageMonitor.name, () => {
  afterEach(() => jest.useRealTimers());

  it('should log an outage once, and its end once, when the dependency answers again', async () => {
    jest.useFakeTimers();
    let up = false;
    const health = new HealthRegistry();
    health.register({ name: 'database', check: async () => ({ status: up ? 'up' : 'down' }) });
    const logger = { error: jest.fn(), info: jest.fn() };
    const sut = new OutageMonitor(health, logger as never);

    for (let i = 0; i < 100; i++) sut.report('database', new Error('ECONNREFUSED'));
    await jest.advanceTimersByTimeAsync(3_000);
    expect(sut.isDown('database')).toBe(true);
    up = true;
    await jest.advanceTimersByTimeAsync(1_000);

    expect(sut.isDown('database')).toBe(false);
    expect(logger.error).toHaveBeenCalledTimes(1);
    expect(logger.info).toHaveBeenCalledTimes(1);
    expect(logger.info.mock.calls[0][1]).toBe('database available again');
    sut.onApplicationShutdown();
  });
});
