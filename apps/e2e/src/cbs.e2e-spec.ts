import {
  PROFILES,
  expectRefusedUncharged,
  jsonOf,
  startStack,
  type Stack,
} from './support/stack.js';

describe.each(PROFILES)('industry codes through the gateway (%s)', (profile) => {
  let api: Stack;
  beforeAll(async () => {
    api = await startStack(profile);
  });
  afterAll(() => api?.close());

  it('should answer one code with its path and children, fresh then cached', async () => {
    const first = await api.get('/v1/cbs/sbi/6210');
    const body = await jsonOf(first);
    // Status, cache and body in one assertion: a failure shows the error body with its code.
    expect({ status: first.status, cache: first.headers.get('x-cache'), body }).toMatchObject({
      status: 200,
      cache: 'MISS',
      body: {
        found: true,
        result: {
          code: '6210',
          level: 'class',
          title_en: 'Computer programming activities',
          parent: '621',
          section: 'K',
          edition: 'SBI 2025',
        },
      },
    });
    expect(body.result.path.map((p: { code: string }) => p.code)).toEqual([
      'K',
      '62',
      '621',
      '6210',
    ]);
    expect(body.result.children.map((c: { code: string }) => c.code)).toEqual(['62100']);

    const second = await api.get('/v1/cbs/sbi/6210');
    expect(second.headers.get('x-cache')).toBe('HIT');
    expect(await jsonOf(second)).toEqual(body);
  });

  it('should read dotted codes as the same code', async () => {
    const body = await jsonOf(await api.get('/v1/cbs/sbi/62.10.0'));
    expect(body.result).toMatchObject({ code: '62100', code_dotted: '62.10.0' });
  });

  it('should answer an unknown code with 404 and the detail body', async () => {
    const res = await api.get('/v1/cbs/sbi/6201');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await jsonOf(res)).toEqual({
      found: false,
      result: null,
      message:
        'SBI 2025 has no code 6201. It is an SBI 2008 code (older KVK answers carry them): ask with edition=2008 for its SBI 2025 candidates.',
    });
    const neither = await jsonOf(await api.get('/v1/cbs/sbi/99.99'));
    expect(neither.message).toBe('SBI 2025 has no code 9999.');
  });

  it('should answer an SBI 2008 class with its titles and its SBI 2025 successors', async () => {
    const res = await api.get('/v1/cbs/sbi/1011?edition=2008');
    const body = await jsonOf(res);
    expect({ status: res.status, body }).toMatchObject({
      status: 200,
      body: {
        found: true,
        result: {
          code: '1011',
          code_dotted: '10.11',
          level: 'class',
          title: 'Slachterijen (geen pluimvee-)',
          title_en: 'Slaughterhouses (no poultry)',
          parent: '101',
          section: 'C',
          edition: 'SBI 2008',
          successors: {
            mapping: 'derived_via_nace',
            from: '1011',
            nace2: ['10.11'],
            candidates: [
              {
                code: '10110',
                level: 'subclass',
                parent: '1011',
                title:
                  'Verwerking en conservering van vlees, met uitzondering van vlees van gevogelte',
                mapping_type: 'one_to_one',
              },
            ],
          },
        },
      },
    });
    expect(body.result.path.map((p: { code: string }) => p.code)).toEqual([
      'C',
      '10',
      '101',
      '1011',
    ]);
    expect(body.result.successors.note).toMatch(/not CBS’s official SBI 2008 → 2025 table/);
    // The same digits read in SBI 2025 are that edition's class, with no successors.
    const now = await jsonOf(await api.get('/v1/cbs/sbi/1011'));
    expect(now.result).toMatchObject({ edition: 'SBI 2025', code: '1011' });
    expect(now.result).not.toHaveProperty('successors');
  });

  it('should give a split SBI 2008 class every candidate, and a Dutch class without NACE twin none', async () => {
    const split = (await jsonOf(await api.get('/v1/cbs/sbi/63.11?edition=2008'))).result;
    expect(split.title).toBe('Gegevensverwerking, webhosting en aanverwante activiteiten');
    expect(
      split.successors.candidates.map((c: { parent: string; mapping_type: string }) => [
        c.parent,
        c.mapping_type,
      ]),
    ).toEqual(
      expect.arrayContaining([
        ['6020', 'many_to_many'],
        ['6310', 'many_to_many'],
      ]),
    );
    const subclass = (await jsonOf(await api.get('/v1/cbs/sbi/01131?edition=2008'))).result;
    expect(subclass.successors).toMatchObject({ from: '0113', nace2: ['01.13'] });
    expect(subclass.successors.note).toMatch(/fifth digit is not mapped/);
    const dutch = (await jsonOf(await api.get('/v1/cbs/sbi/93.14?edition=2008'))).result;
    expect(dutch.successors).toMatchObject({ mapping: 'none', nace2: [], candidates: [] });
    const division = (await jsonOf(await api.get('/v1/cbs/sbi/10?edition=2008'))).result;
    expect(division.successors).toBeNull();
  });

  it('should answer an unknown SBI 2008 code 404 and refuse another edition with a field error', async () => {
    const res = await api.get('/v1/cbs/sbi/62.10?edition=2008');
    expect(res.status).toBe(404);
    expect(await jsonOf(res)).toEqual({
      found: false,
      result: null,
      message: 'SBI 2008 has no code 6210.',
    });
    await expectRefusedUncharged(api, '/v1/cbs/sbi/1011?edition=2019', 'edition');
  });

  it('should list bakery codes first for bakkerij', async () => {
    const body = await jsonOf(await api.get('/v1/cbs/sbi/search?q=bakkerij'));
    expect(body.query).toBe('bakkerij');
    expect(
      body.results
        .slice(0, 2)
        .map((r: { title_en: string }) => r.title_en)
        .sort(),
    ).toEqual([
      'Manufacture of bakery and farinaceous products',
      'Wholesale of bakery raw materials',
    ]);
  });

  it('should find software despite a typo, and list a branch for a code prefix', async () => {
    const typo = await jsonOf(await api.get('/v1/cbs/sbi/search?q=softwre&limit=3'));
    expect(typo.results[0]).toMatchObject({ code: '582', match: 'fuzzy' });
    const branch = await jsonOf(await api.get('/v1/cbs/sbi/search?q=62&limit=50'));
    expect(branch.results.map((r: { code: string }) => r.code)).toEqual([
      '62',
      '621',
      '6210',
      '62100',
      '622',
      '6220',
      '62200',
      '629',
      '6290',
      '62900',
    ]);
  });

  it('should list the 22 sections and page through the index', async () => {
    const sections = await jsonOf(await api.get('/v1/cbs/sbi?level=section'));
    expect(sections.data.map((s: { code: string }) => s.code)).toEqual(
      'ABCDEFGHIJKLMNOPQRSTUV'.split(''),
    );
    expect(sections.meta).toEqual({ total: 22, page: 1, per_page: 100, last_page: 1 });
    const page = await jsonOf(await api.get('/v1/cbs/sbi?per_page=500&page=4'));
    expect(page.meta).toEqual({ total: 1954, page: 4, per_page: 500, last_page: 4 });
    expect(page.data).toHaveLength(454);
    const children = await jsonOf(await api.get('/v1/cbs/sbi?parent=62.1'));
    expect(children.data.map((c: { code: string }) => c.code)).toEqual(['6210']);
  });

  it('should echo a caller request id', async () => {
    const res = await api.get('/v1/cbs/sbi/A', { 'x-request-id': 'caller-chosen-id-42' });
    expect(res.headers.get('x-request-id')).toBe('caller-chosen-id-42');
  });
});
