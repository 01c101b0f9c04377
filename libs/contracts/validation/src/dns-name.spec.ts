import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { publicDnsNameProblem } from './dns-name.js';
import { DnsRecordsQuery } from './validation.requests.js';

describe(publicDnsNameProblem.name, () => {
  it.each([
    ['example.nl'],
    ['www.example.co.uk'],
    ['_sip._tcp.example.nl'],
    ['xn--bcher-kva.de'],
    ['a'.repeat(63) + '.nl'],
    ['1.2.3.4.in-addr.arpa'],
  ])('should accept %s', (name) => {
    expect(publicDnsNameProblem(name)).toBeNull();
  });

  it.each([
    ['', /empty/],
    ['localhost', /single label|localhost/],
    ['nl', /at least two labels/],
    ['10.0.0.1', /IP address/],
    ['::1', /IP address/],
    ['[2001:db8::1]', /IP address/],
    ['a..b', /empty label/],
    ['.example.nl', /empty label/],
    ['printer.local', /\.local/],
    ['db.internal', /\.internal/],
    ['router.home.arpa', /\.home\.arpa/],
    ['x.localhost', /\.localhost/],
    ['a'.repeat(64) + '.nl', /63/],
    [`${'abcdefghi.'.repeat(30)}nl`, /253/],
    ['-bad.example.nl', /hyphen/],
    ['bad-.example.nl', /hyphen/],
    ['exa mple.nl', /letters, digits/],
    ['example.123', /numeric/],
  ])('should refuse %j', (name, problem) => {
    expect(publicDnsNameProblem(name)).toMatch(problem);
  });
});

describe(DnsRecordsQuery.name, () => {
  const errorsOf = (input: object) =>
    validateSync(plainToInstance(DnsRecordsQuery, input)).flatMap((e) =>
      Object.values(e.constraints ?? {}),
    );

  it('should normalise case and the root dot, and take the type as the document lists it', () => {
    const query = plainToInstance(DnsRecordsQuery, { domain: 'XN--Bcher-KVA.DE.', type: 'MX' });
    expect(query).toMatchObject({ domain: 'xn--bcher-kva.de', type: 'MX' });
    expect(validateSync(query)).toEqual([]);
    expect(plainToInstance(DnsRecordsQuery, { domain: 'example.nl' }).type).toBe('ALL');
  });

  it.each([' example.nl', 'bücher.de', 'example.nl..'])(
    'should refuse %j: the document allows neither blanks, nor non-ASCII names, nor two root dots',
    (domain) => {
      expect(errorsOf({ domain })).toHaveLength(1);
    },
  );

  it('should explain what is wrong with a name and an unknown type', () => {
    expect(errorsOf({ domain: '10.0.0.1' })).toEqual([
      'domain is an IP address, not a domain name',
    ]);
    expect(errorsOf({ domain: 'example.nl', type: 'ANY' })[0]).toMatch(/type must be one of/);
    expect(errorsOf({})).not.toEqual([]);
  });
});
