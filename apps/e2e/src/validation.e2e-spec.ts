import { ViesRecording } from '@nl/domain-validation';
import { FakeDns, ViesFake } from '@nl/testing';
import { DataSource } from 'typeorm';
import { PROFILES, jsonOf, startStack, type Stack } from './support/stack.js';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const MX = (exchange: string, preference = 10) => ({ preference, exchange });

/** The DNS world the tests see: mail domains with and without MX, and a full zone. */
const ZONE = {
  'example.nl': {
    A: ['192.0.2.10'],
    AAAA: ['2001:db8::10'],
    MX: [MX('mx2.example.nl', 20), MX('mx1.example.nl', 10)],
    NS: ['ns1.example.nl', 'ns2.example.nl'],
    TXT: [['v=spf1 mx -all']],
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
  'nomx.example.nl': { A: ['192.0.2.30'] },
  'nullmx.example.nl': { MX: [MX('', 0)], A: ['192.0.2.31'] },
  'mailinator.com': { MX: [MX('mail.mailinator.com')] },
  'broken.example.nl': { behaviour: 'servfail' as const },
};

describe.each(PROFILES)('validation through the gateway (%s)', (profile) => {
  let api: Stack;
  let vies: ViesFake;
  let dns: FakeDns;

  beforeAll(async () => {
    vies = await ViesFake.start(new ViesRecording());
    dns = await FakeDns.start(ZONE);
    api = await startStack(profile, {
      serviceEnv: { VIES_URL: vies.url, DNS_SERVERS: dns.server, DNS_TIMEOUT_MS: '400' },
    });
  });
  afterAll(async () => {
    await api?.close();
    await vies?.close();
    await dns?.close();
  });

  const post = (path: string, body: unknown) =>
    api.fetch(path, {
      method: 'POST',
      headers: { ...api.auth, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  describe('VAT', () => {
    it('should validate a Dutch number with company name and address, then serve it cached', async () => {
      const res = await post('/v1/validate/vat', { vat_number: 'nl 0044.95445.b01' });
      expect(res.status).toBe(200);
      expect(res.headers.get('x-cache')).toBe('MISS');
      expect(res.headers.get('x-credits-charged')).toBe('1.00');
      const body = await jsonOf(res);
      expect(body).toEqual({
        valid: true,
        vat_number: 'NL004495445B01',
        country_code: 'NL',
        request_date: expect.stringMatching(ISO),
        company: {
          name: 'ABN AMRO BANK N.V.',
          address: 'GUSTAV MAHLERLAAN 00010\n1082PP AMSTERDAM',
        },
        error: null,
        message: 'The VAT number is valid.',
      });
      const again = await post('/v1/validate/vat', { vat_number: 'NL004495445B01' });
      expect(again.headers.get('x-cache')).toBe('HIT');
      expect(again.headers.get('x-credits-charged')).toBe('0.50');
      expect(vies.checks).toHaveLength(1);
    });

    it('should answer a German number valid with company null', async () => {
      const body = await jsonOf(await post('/v1/validate/vat', { vat_number: 'DE129273398' }));
      expect(body).toMatchObject({ valid: true, country_code: 'DE', company: null, error: null });
      expect(Object.keys(body).sort()).toEqual([
        'company',
        'country_code',
        'error',
        'message',
        'request_date',
        'valid',
        'vat_number',
      ]);
    });

    it('should say invalid for a number VIES does not know', async () => {
      const body = await jsonOf(await post('/v1/validate/vat', { vat_number: 'NL123456782B01' }));
      expect(body).toMatchObject({ valid: false, company: null, error: null });
    });

    it('should answer a bad checksum without asking VIES', async () => {
      vies.upstream.clearCalls();
      const res = await post('/v1/validate/vat', { vat_number: 'NL004495446B01' });
      expect(res.status).toBe(200);
      expect(await jsonOf(res)).toMatchObject({
        valid: false,
        vat_number: 'NL004495446B01',
        country_code: 'NL',
        company: null,
        error: 'invalid_checksum',
      });
      expect(vies.checks).toEqual([]);
    });

    it.each([
      [{ vat_number: 'GB123456782' }, /Brexit/],
      [{ vat_number: 'US123456789' }, /not an EU member state/],
      [{ vat_number: 'NL123' }, /NL VAT numbers have/],
      [{ vat_number: '' }, /vat_number/],
      [{}, /vat_number/],
      [{ vat_number: 'NL004495445B01', extra: 1 }, /extra/],
    ])('should refuse %j with 400 and a field error, uncharged', async (body, message) => {
      const res = await post('/v1/validate/vat', body);
      expect(res.status).toBe(400);
      expect(res.headers.get('x-credits-charged')).toBeNull();
      expect(JSON.stringify(await jsonOf(res))).toMatch(message);
    });

    it('should serve the stored answer as stale when the member state is offline', async () => {
      // An answer VIES gave earlier, in the service's own table (the cache no longer has it).
      await api
        .service('validation')
        .get(DataSource)
        .query(
          `INSERT INTO validation.vat_answer (vat_number, response, checked_at) VALUES ($1, $2, $3)
           ON CONFLICT (vat_number) DO UPDATE SET response = excluded.response, checked_at = excluded.checked_at`,
          [
            'BE0244142664',
            JSON.stringify({
              valid: true,
              vat_number: 'BE0244142664',
              country_code: 'BE',
              request_date: '2026-11-01T09:00:00.000Z',
              company: { name: 'VRT', address: 'Auguste Reyerslaan 52\n1030 Schaarbeek' },
              error: null,
              message: 'The VAT number is valid.',
            }),
            '2026-11-01T09:00:00.000Z',
          ],
        );
      vies.memberStateDown('BE', 'MS_UNAVAILABLE');
      try {
        const res = await post('/v1/validate/vat', { vat_number: 'BE0244142664' });
        expect(res.status).toBe(200);
        expect(res.headers.get('x-cache')).toBe('STALE');
        expect(res.headers.get('x-credits-charged')).toBe('0.50');
        expect(await jsonOf(res)).toMatchObject({
          valid: true,
          request_date: '2026-11-01T09:00:00.000Z',
          company: { name: 'VRT' },
          error: null,
          message: expect.stringContaining('offline'),
        });
      } finally {
        vies.memberStateUp('BE');
      }
    });

    it.each([false, true])(
      'should answer 503 ms_unavailable, uncharged, with nothing stored (errors as HTTP 200: %s)',
      async (as200) => {
        vies.memberStateDown('NL', 'MS_UNAVAILABLE').errorsAs200(as200);
        try {
          const res = await post('/v1/validate/vat', { vat_number: 'NL000099998B57' });
          expect(res.status).toBe(503);
          expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
          expect(res.headers.get('x-credits-charged')).toBe('0.00');
          expect(await jsonOf(res)).toEqual({
            valid: null,
            vat_number: 'NL000099998B57',
            country_code: 'NL',
            request_date: expect.stringMatching(ISO),
            company: null,
            error: 'ms_unavailable',
            message: expect.stringContaining('not available'),
          });
        } finally {
          vies.memberStateUp('NL').errorsAs200(false);
        }
      },
    );
  });

  describe('e-mail', () => {
    const checks = (format: boolean, domain: boolean, mx: boolean, disposable = false) => ({
      format,
      domain_exists: domain,
      has_mx_record: mx,
      is_disposable: disposable,
    });

    it('should pass an address whose domain takes mail', async () => {
      const res = await post('/v1/validate/email', { email: 'info@example.nl' });
      expect(res.status).toBe(200);
      expect(await jsonOf(res)).toEqual({
        valid: true,
        email: 'info@example.nl',
        checks: checks(true, true, true),
        message: 'The address is well-formed and its domain accepts mail.',
      });
    });

    it('should flag a disposable domain without failing the address', async () => {
      const body = await jsonOf(await post('/v1/validate/email', { email: 'x@mailinator.com' }));
      expect(body).toMatchObject({ valid: true, checks: checks(true, true, true, true) });
    });

    it.each([
      ['jan..jansen@example.nl', checks(false, true, true), /two dots/],
      ['"unclosed@example.nl', checks(false, true, true), /quoted/],
      ['jan@nothere.nl', checks(true, false, false), /does not exist/],
      ['jan@nomx.example.nl', checks(true, true, false), /no MX/],
      ['jan@nullmx.example.nl', checks(true, true, false), /null MX/],
    ])(
      'should answer %s with 422 and exactly the failing check false, uncharged',
      async (email, expected, message) => {
        const res = await post('/v1/validate/email', { email });
        expect(res.status).toBe(422);
        expect(res.headers.get('x-credits-charged')).toBe('0.00');
        const body = await jsonOf(res);
        expect(body).toEqual({
          valid: false,
          email,
          checks: expected,
          message: expect.stringMatching(message),
        });
      },
    );

    it('should answer 503, never 422, when the DNS server does not answer', async () => {
      dns.unresponsive();
      try {
        const res = await post('/v1/validate/email', { email: 'someone@example.nl' });
        expect(res.status).toBe(503);
        expect(res.headers.get('content-type')).toContain('application/problem+json');
        expect(res.headers.get('x-credits-charged')).toBe('0.00');
      } finally {
        dns.unresponsive(false);
      }
    });

    it('should answer 503 when the resolver fails (SERVFAIL)', async () => {
      expect((await post('/v1/validate/email', { email: 'a@broken.example.nl' })).status).toBe(503);
    });
  });

  describe('disposable domains', () => {
    it.each(['/api/v1/validate/email/disposable', '/v1/validate/email/disposable'])(
      'should answer on %s',
      async (path) => {
        const res = await post(path, { email: 'someone@mailinator.com' });
        expect(res.status).toBe(200);
        expect(await jsonOf(res)).toEqual({
          disposable: true,
          email: 'someone@mailinator.com',
          domain: 'mailinator.com',
          message: expect.stringContaining('mailinator.com'),
        });
      },
    );

    it.each([
      ['a@x.mailinator.com', true, 'x.mailinator.com'],
      ['a@YOPMAIL.com', true, 'yopmail.com'],
      ['a@gmail.com', false, 'gmail.com'],
      ['a@139.com', false, '139.com'],
      ['a@xn--bcher-kva.de', false, 'xn--bcher-kva.de'],
      [' a@ Example.NL ', false, 'example.nl'],
    ])('should say %s → %s', async (email, disposable, domain) => {
      expect(await jsonOf(await post('/v1/validate/email/disposable', { email }))).toMatchObject({
        disposable,
        domain,
      });
    });

    it.each([['no-at-sign'], ['a@localhost'], ['a@10.0.0.1'], [''], ['a@bücher.de']])(
      'should refuse %j with 400',
      async (email) => {
        expect((await post('/v1/validate/email/disposable', { email })).status).toBe(400);
      },
    );

    it('should report the list size in the readiness details', async () => {
      const service = api.service('validation');
      const url = await service.getUrl();
      const health = await jsonOf(await fetch(`${url.replace('[::1]', '127.0.0.1')}/health/ready`));
      expect(health.checks['disposable-domains']).toMatchObject({
        status: 'up',
        source: 'shipped',
      });
      expect(health.checks['disposable-domains'].size).toBeGreaterThan(100_000);
    });
  });

  describe('DNS records', () => {
    const lookup = (query: string) => api.get(`/v1/lookup/dns/records?${query}`);

    it.each([
      ['A', 'example.nl', [{ type: 'A', domain: 'example.nl', ttl: 120, target: '192.0.2.10' }]],
      [
        'AAAA',
        'example.nl',
        [{ type: 'AAAA', domain: 'example.nl', ttl: 120, target: '2001:db8::10' }],
      ],
      [
        'CNAME',
        'www.example.nl',
        [{ type: 'CNAME', domain: 'www.example.nl', target: 'example.nl' }],
      ],
      [
        'MX',
        'example.nl',
        [
          { type: 'MX', domain: 'example.nl', pri: 10, target: 'mx1.example.nl' },
          { type: 'MX', domain: 'example.nl', pri: 20, target: 'mx2.example.nl' },
        ],
      ],
      [
        'NS',
        'example.nl',
        [
          { type: 'NS', domain: 'example.nl', target: 'ns1.example.nl' },
          { type: 'NS', domain: 'example.nl', target: 'ns2.example.nl' },
        ],
      ],
      ['TXT', 'example.nl', [{ type: 'TXT', domain: 'example.nl', target: 'v=spf1 mx -all' }]],
      [
        'SOA',
        'example.nl',
        [
          {
            type: 'SOA',
            domain: 'example.nl',
            target: 'ns1.example.nl',
            hostmaster: 'hostmaster.example.nl',
            serial: 2026112201,
            refresh: 3600,
            retry: 600,
            expire: 604800,
            minimum_ttl: 300,
          },
        ],
      ],
      [
        'PTR',
        '10.2.0.192.in-addr.arpa',
        [{ type: 'PTR', domain: '10.2.0.192.in-addr.arpa', target: 'host.example.nl' }],
      ],
      [
        'SRV',
        '_sip._tcp.example.nl',
        [
          {
            type: 'SRV',
            domain: '_sip._tcp.example.nl',
            pri: 10,
            weight: 5,
            port: 5060,
            target: 'sip.example.nl',
          },
        ],
      ],
    ])('should answer type %s for %s', async (type, domain, records) => {
      const res = await lookup(`domain=${domain}&type=${type}`);
      expect(res.status).toBe(200);
      expect(await jsonOf(res)).toEqual({ domain, type, found: true, records });
    });

    it('should merge every type for ALL, the default, and cache it for free', async () => {
      const res = await lookup('domain=example.nl');
      expect(res.headers.get('x-cache')).toBe('MISS');
      const body = await jsonOf(res);
      expect(body).toMatchObject({ domain: 'example.nl', type: 'ALL', found: true });
      expect([...new Set(body.records.map((r: { type: string }) => r.type))].sort()).toEqual([
        'A',
        'AAAA',
        'MX',
        'NS',
        'SOA',
        'TXT',
      ]);
      const again = await lookup('domain=EXAMPLE.nl.&type=ALL');
      expect(again.headers.get('x-cache')).toBe('HIT');
      expect(again.headers.get('x-credits-charged')).toBe('0.00');
    });

    it('should answer found:false for a name that does not exist', async () => {
      const res = await lookup('domain=nothere.nl&type=A');
      expect(res.status).toBe(200);
      expect(await jsonOf(res)).toEqual({
        domain: 'nothere.nl',
        type: 'A',
        found: false,
        records: [],
      });
    });

    it('should answer 503, uncharged, when the resolver fails', async () => {
      const res = await lookup('domain=broken.example.nl&type=A');
      expect(res.status).toBe(503);
      expect(res.headers.get('x-credits-charged')).toBe('0.00');
    });

    it.each([
      ['localhost', /domain/],
      ['10.0.0.1', /IP address/],
      ['a..b', /empty label/],
      ['x'.repeat(300), /253/],
      ['printer.local', /\.local/],
      ['intranet', /two labels/],
    ])('should refuse domain=%s with 400', async (domain, message) => {
      const res = await lookup(`domain=${encodeURIComponent(domain)}`);
      expect(res.status).toBe(400);
      expect(JSON.stringify(await jsonOf(res))).toMatch(message);
    });

    it('should refuse an unknown type and a missing domain', async () => {
      expect((await lookup('domain=example.nl&type=ANY')).status).toBe(400);
      expect((await lookup('type=A')).status).toBe(400);
    });
  });
});
