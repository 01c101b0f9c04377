import { toDnsRecords } from './dns.mapper.js';

// Rows as node's resolver returns them for real zones (values from public DNS answers of
// rijksoverheid.nl-style Dutch domains, shortened).
describe(toDnsRecords.name, () => {
  it('should keep the TTL of address records', () => {
    expect(
      toDnsRecords('example.nl', {
        type: 'A',
        records: [{ address: '93.184.215.14', ttl: 3600 }],
      }),
    ).toEqual([{ type: 'A', domain: 'example.nl', ttl: 3600, target: '93.184.215.14' }]);
  });

  it('should order MX records by preference, then by name', () => {
    const records = toDnsRecords('example.nl', {
      type: 'MX',
      records: [
        { priority: 20, exchange: 'mx2.example.nl' },
        { priority: 10, exchange: 'mxb.example.nl' },
        { priority: 10, exchange: 'mxa.example.nl' },
      ],
    });
    expect(records.map((r) => [r.pri, r.target])).toEqual([
      [10, 'mxa.example.nl'],
      [10, 'mxb.example.nl'],
      [20, 'mx2.example.nl'],
    ]);
  });

  it('should join the chunks of a long TXT record into one string', () => {
    expect(
      toDnsRecords('example.nl', {
        type: 'TXT',
        records: [['v=spf1 include:spf.protection.outlook.com', ' -all']],
      }),
    ).toEqual([
      {
        type: 'TXT',
        domain: 'example.nl',
        target: 'v=spf1 include:spf.protection.outlook.com -all',
      },
    ]);
  });

  it('should order SRV records by priority, heaviest weight first', () => {
    const records = toDnsRecords('_sip._tcp.example.nl', {
      type: 'SRV',
      records: [
        { priority: 10, weight: 5, port: 5060, name: 'b.example.nl' },
        { priority: 10, weight: 60, port: 5060, name: 'a.example.nl' },
        { priority: 0, weight: 0, port: 5061, name: 'c.example.nl' },
      ],
    });
    expect(records.map((r) => r.target)).toEqual(['c.example.nl', 'a.example.nl', 'b.example.nl']);
    expect(records[0]).toMatchObject({ pri: 0, weight: 0, port: 5061 });
  });

  it('should name the SOA fields as the spec does', () => {
    expect(
      toDnsRecords('example.nl', {
        type: 'SOA',
        record: {
          nsname: 'ns1.example.nl',
          hostmaster: 'hostmaster.example.nl',
          serial: 2026112301,
          refresh: 10800,
          retry: 3600,
          expire: 604800,
          minttl: 3600,
        },
      }),
    ).toEqual([
      {
        type: 'SOA',
        domain: 'example.nl',
        target: 'ns1.example.nl',
        hostmaster: 'hostmaster.example.nl',
        serial: 2026112301,
        refresh: 10800,
        retry: 3600,
        expire: 604800,
        minimum_ttl: 3600,
      },
    ]);
  });

  it('should map name-valued records one to one', () => {
    expect(toDnsRecords('www.example.nl', { type: 'CNAME', records: ['example.nl'] })).toEqual([
      { type: 'CNAME', domain: 'www.example.nl', target: 'example.nl' },
    ]);
  });
});
