import { parseTrustedProxies } from './trusted-proxies.js';

describe(parseTrustedProxies.name, () => {
  it('should trust nobody when unset', () => {
    const problems: string[] = [];
    expect(parseTrustedProxies(null, problems)).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('should read addresses, CIDR ranges and range names, comma-separated', () => {
    const problems: string[] = [];
    expect(
      parseTrustedProxies('10.0.0.0/8, 192.168.1.7 ,fd00::/8,::1,uniquelocal,', problems),
    ).toEqual(['10.0.0.0/8', '192.168.1.7', 'fd00::/8', '::1', 'uniquelocal']);
    expect(problems).toEqual([]);
  });

  it.each(['*', 'true', '2', '10.0.0.0/33', '::/129', '10.0.0.1/8/8', 'proxy.local', '10.0.0.0/x'])(
    'should refuse %j rather than trust something by accident',
    (value) => {
      const problems: string[] = [];
      parseTrustedProxies(value, problems);
      expect(problems).toEqual([expect.stringMatching(/^TRUSTED_PROXIES must be IP addresses/)]);
      expect(problems[0]).toContain(value);
    },
  );
});
