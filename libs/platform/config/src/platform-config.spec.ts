import { ConfigError, describeConfig, loadPlatformConfig } from './platform-config.js';

describe(loadPlatformConfig.name, () => {
  it('should default to the embedded substitutes in the standalone profile', () => {
    const sut = loadPlatformConfig({ service: 'standalone', profile: 'standalone', env: {} });
    expect(sut.http.port).toBe(3000);
    expect(sut.transport).toEqual({ kind: 'inproc', bus: 'main' });
    expect(sut.database).toEqual({ kind: 'pglite', dataDir: './.data' });
    expect(sut.cache).toEqual({ kind: 'memory' });
  });

  it('should keep PGlite in memory when PGLITE_DATA_DIR is memory', () => {
    const sut = loadPlatformConfig({
      service: 's',
      profile: 'standalone',
      env: { PGLITE_DATA_DIR: 'memory' },
    });
    expect(sut.database).toEqual({ kind: 'pglite', dataDir: null });
  });

  it('should require NATS, Postgres and Redis in the distributed profile', () => {
    expect(() => loadPlatformConfig({ service: 'cbs', profile: 'distributed', env: {} })).toThrow(
      ConfigError,
    );
    try {
      loadPlatformConfig({ service: 'cbs', profile: 'distributed', env: {} });
    } catch (error) {
      expect((error as ConfigError).problems).toEqual([
        'NATS_URL is required in the distributed profile',
        'DATABASE_URL is required in the distributed profile',
        'REDIS_URL is required in the distributed profile',
      ]);
    }
  });

  it('should report every malformed variable at once', () => {
    const env = {
      PORT: 'x',
      LOG_LEVEL: 'loud',
      NATS_URL: 'http://x',
      DATABASE_URL: 'mysql://x',
      REDIS_URL: 'x',
    };
    expect(() => loadPlatformConfig({ service: 's', profile: 'standalone', env })).toThrow(
      /PORT.*\n.*LOG_LEVEL.*\n.*NATS_URL.*\n.*DATABASE_URL.*\n.*REDIS_URL/,
    );
  });

  it('should split several NATS servers and use the distributed backends', () => {
    const env = {
      NATS_URL: 'nats://a:4222, nats://b:4222',
      DATABASE_URL: 'postgres://u:secret@db/x',
      REDIS_URL: 'redis://r:6379',
    };
    const sut = loadPlatformConfig({ service: 'cbs', profile: 'distributed', env });
    expect(sut.transport).toEqual({ kind: 'nats', servers: ['nats://a:4222', 'nats://b:4222'] });
    expect(sut.database).toEqual({ kind: 'postgres', url: 'postgres://u:secret@db/x' });
    expect(sut.cache).toEqual({ kind: 'redis', url: 'redis://r:6379', prefix: 'nl' });
    expect(JSON.stringify(describeConfig(sut))).not.toContain('secret');
  });

  it('should keep the metrics on the public port unless METRICS_PORT is set', () => {
    const bare = loadPlatformConfig({ service: 's', profile: 'standalone', env: {} });
    expect(bare.metrics).toEqual({ port: null, host: '127.0.0.1', token: null });
    const env = { METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0', METRICS_TOKEN: 't'.repeat(16) };
    const sut = loadPlatformConfig({ service: 's', profile: 'standalone', env });
    expect(sut.metrics).toEqual({ port: 9464, host: '0.0.0.0', token: 't'.repeat(16) });
    expect(JSON.stringify(describeConfig(sut))).not.toContain('t'.repeat(16));
    expect(describeConfig(sut).metrics).toBe('0.0.0.0:9464, bearer token');
  });

  it('should trust no proxy unless TRUSTED_PROXIES names some, and say which at start', () => {
    const bare = loadPlatformConfig({ service: 's', profile: 'standalone', env: {} });
    expect(bare.http.trustedProxies).toEqual([]);
    expect(describeConfig(bare).trustedProxies).toBe('none');
    const env = { TRUSTED_PROXIES: '10.0.0.0/8,127.0.0.1' };
    const sut = loadPlatformConfig({ service: 's', profile: 'standalone', env });
    expect(sut.http.trustedProxies).toEqual(['10.0.0.0/8', '127.0.0.1']);
    expect(describeConfig(sut).trustedProxies).toBe('10.0.0.0/8,127.0.0.1');
    expect(() =>
      loadPlatformConfig({ service: 's', profile: 'standalone', env: { TRUSTED_PROXIES: '*' } }),
    ).toThrow(/TRUSTED_PROXIES must be IP addresses/);
  });

  it('should read PUBLIC_BASE_URL as an origin, and refuse one with a path or another scheme', () => {
    const load = (env: Record<string, string>) =>
      loadPlatformConfig({ service: 's', profile: 'standalone', env }).http.publicBaseUrl;
    expect(load({})).toBeNull();
    expect(load({ PUBLIC_BASE_URL: 'https://api.example.nl' })).toBe('https://api.example.nl');
    expect(load({ PUBLIC_BASE_URL: 'https://API.example.nl:8443/' })).toBe(
      'https://api.example.nl:8443',
    );
    expect(() => load({ PUBLIC_BASE_URL: 'https://api.example.nl/v1' })).toThrow(
      /PUBLIC_BASE_URL must be a scheme and host/,
    );
    expect(() => load({ PUBLIC_BASE_URL: 'ftp://api.example.nl' })).toThrow(/PUBLIC_BASE_URL/);
  });

  it('should refuse a bad METRICS_PORT, one equal to PORT and a short METRICS_TOKEN', () => {
    const load = (env: Record<string, string>) => () =>
      loadPlatformConfig({ service: 's', profile: 'standalone', env });
    expect(load({ METRICS_PORT: 'x' })).toThrow(/METRICS_PORT must be an integer/);
    expect(load({ PORT: '3000', METRICS_PORT: '3000' })).toThrow(/METRICS_PORT must differ/);
    expect(load({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN must be at least 16/);
  });
});
