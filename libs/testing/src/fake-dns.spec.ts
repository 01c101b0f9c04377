import { Resolver } from 'node:dns/promises';
import { FakeDns } from './fake-dns.js';

describe(FakeDns.name, () => {
  let dns: FakeDns;
  let resolver: Resolver;
  beforeAll(async () => {
    dns = await FakeDns.start({
      'example.nl': {
        A: ['192.0.2.10', '192.0.2.11'],
        AAAA: ['2001:db8::10'],
        MX: [
          { preference: 20, exchange: 'mx2.example.nl' },
          { preference: 10, exchange: 'mx1.example.nl' },
        ],
        NS: ['ns1.example.nl', 'ns2.example.nl'],
        TXT: [['v=spf1 -all'], ['part one ', 'part two']],
        SOA: {
          mname: 'ns1.example.nl',
          rname: 'hostmaster.example.nl',
          serial: 2026112201,
          refresh: 3600,
          retry: 600,
          expire: 604800,
          minimum: 300,
        },
        ttl: 120,
      },
      'www.example.nl': { CNAME: 'example.nl' },
      '_sip._tcp.example.nl': {
        SRV: [{ priority: 10, weight: 5, port: 5060, target: 'sip.example.nl' }],
      },
      '10.2.0.192.in-addr.arpa': { PTR: ['host.example.nl'] },
      'nomail.example.nl': { MX: [{ preference: 0, exchange: '' }], A: ['192.0.2.20'] },
      'broken.example.nl': { behaviour: 'servfail' },
      'slow.example.nl': { behaviour: 'timeout' },
    });
    resolver = new Resolver({ timeout: 300, tries: 1 });
    resolver.setServers([dns.server]);
  });
  afterAll(() => dns.close());

  it('should answer every record type', async () => {
    expect(await resolver.resolve4('example.nl', { ttl: true })).toEqual([
      { address: '192.0.2.10', ttl: 120 },
      { address: '192.0.2.11', ttl: 120 },
    ]);
    expect(await resolver.resolve6('example.nl')).toEqual(['2001:db8::10']);
    expect(await resolver.resolveMx('example.nl')).toEqual(
      expect.arrayContaining([
        { exchange: 'mx1.example.nl', priority: 10 },
        { exchange: 'mx2.example.nl', priority: 20 },
      ]),
    );
    expect(await resolver.resolveNs('example.nl')).toEqual(['ns1.example.nl', 'ns2.example.nl']);
    expect(await resolver.resolveTxt('example.nl')).toEqual([
      ['v=spf1 -all'],
      ['part one ', 'part two'],
    ]);
    expect(await resolver.resolveSoa('example.nl')).toMatchObject({
      nsname: 'ns1.example.nl',
      serial: 2026112201,
      minttl: 300,
    });
    expect(await resolver.resolveCname('www.example.nl')).toEqual(['example.nl']);
    expect(await resolver.resolveSrv('_sip._tcp.example.nl')).toEqual([
      { name: 'sip.example.nl', port: 5060, priority: 10, weight: 5 },
    ]);
    expect(await resolver.resolvePtr('10.2.0.192.in-addr.arpa')).toEqual(['host.example.nl']);
    expect(dns.queries).toContainEqual({ name: 'example.nl', type: 'MX' });
  });

  it('should express a null MX', async () => {
    expect(await resolver.resolveMx('nomail.example.nl')).toEqual([{ exchange: '', priority: 0 }]);
  });

  it.each([
    ['nothere.example.nl', 'resolve4', 'ENOTFOUND'],
    ['nomail.example.nl', 'resolve6', 'ENODATA'],
    ['example.nl', 'resolveSrv', 'ENODATA'],
    ['broken.example.nl', 'resolve4', 'ESERVFAIL'],
    ['slow.example.nl', 'resolve4', 'ETIMEOUT'],
  ] as const)('should answer %s %s with %s', async (name, method, code) => {
    await expect(resolver[method](name)).rejects.toMatchObject({ code });
  });

  it('should stop answering altogether when unresponsive', async () => {
    dns.unresponsive();
    await expect(resolver.resolve4('example.nl')).rejects.toMatchObject({ code: 'ETIMEOUT' });
    dns.unresponsive(false);
    expect(await resolver.resolve4('example.nl')).toHaveLength(2);
  });
});
