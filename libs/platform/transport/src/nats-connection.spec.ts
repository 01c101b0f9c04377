import { jest } from '@jest/globals';
import { isUnreachable, natsConnectionOptions } from './nats-connection.js';

describe(natsConnectionOptions.name, () => {
  it('should never stop reconnecting', () => {
    expect(natsConnectionOptions(['nats://x:4222'], 'cbs-server').options).toMatchObject({
      maxReconnectAttempts: -1,
      name: 'cbs-server',
      servers: ['nats://x:4222'],
    });
  });

  it('should wait longer as an outage goes on, at most about a second, and start short again after it', () => {
    const now = jest.spyOn(Date, 'now');
    const sut = natsConnectionOptions(['nats://x:4222'], 'cbs-server');
    const delay = sut.options.reconnectDelayHandler;
    now.mockReturnValue(1_000_000);
    const first = delay();
    now.mockReturnValue(1_000_000 + 60_000);
    const later = delay();
    sut.connected();
    now.mockReturnValue(2_000_000);
    const afterRecovery = delay();
    now.mockRestore();
    expect(first).toBeGreaterThanOrEqual(250);
    expect(first).toBeLessThan(400);
    expect(later).toBeGreaterThanOrEqual(1_000);
    expect(later).toBeLessThan(1_100);
    expect(afterRecovery).toBeLessThan(400);
  });
});

describe(isUnreachable.name, () => {
  it('should wait for a server that is not there (yet), not for one that refused this client', () => {
    const named = (name: string) => Object.assign(new Error('x'), { name });
    const coded = (code: string) => Object.assign(new Error('x'), { code });
    expect(isUnreachable(named('ConnectionError'))).toBe(true);
    expect(isUnreachable(coded('ENOTFOUND'))).toBe(true);
    expect(isUnreachable(coded('ECONNREFUSED'))).toBe(true);
    expect(isUnreachable(named('AuthorizationError'))).toBe(false);
    expect(isUnreachable(new Error('bad'))).toBe(false);
    expect(isUnreachable(undefined)).toBe(false);
  });
});
