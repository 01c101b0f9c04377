import { ViesFake } from '@nl/testing';
import { ViesRecording } from './vies.recording.js';

describe('the VIES recording, served by the VIES fake', () => {
  let vies: ViesFake;
  beforeEach(async () => {
    vies = await ViesFake.start(new ViesRecording());
  });
  afterEach(() => vies.close());

  const check = async (
    countryCode: string,
    vatNumber: string,
    path = '/check-vat-number',
    requester: Record<string, string> = {},
  ) => {
    const res = await fetch(`${vies.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ countryCode, vatNumber, ...requester }),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  it('should answer registered numbers valid with the full VIES shape, others invalid', async () => {
    const nl = await check('NL', '004495445B01');
    expect(nl).toMatchObject({
      status: 200,
      body: {
        valid: true,
        name: 'ABN AMRO BANK N.V.',
        requestIdentifier: '',
        traderNameMatch: 'NOT_PROCESSED',
      },
    });
    expect((await check('BE', '0244142664')).body).toMatchObject({
      valid: true,
      address: 'Auguste Reyerslaan 52\n1030 Schaarbeek',
    });
    expect((await check('DE', '129273398')).body).toMatchObject({
      valid: true,
      name: '---',
      address: '---',
    });
    expect((await check('NL', '123456782B01')).body).toMatchObject({ valid: false, name: '---' });
    expect(vies.checks).toHaveLength(4);
  });

  it('should number a consultation for a requester it holds, and refuse any other requester', async () => {
    const belgian = { requesterMemberStateCode: 'BE', requesterNumber: '0244142664' };
    const first = await check('NL', '004495445B01', undefined, belgian);
    const second = await check('NL', '123456782B01', undefined, belgian);
    expect(first.body).toMatchObject({
      valid: true,
      requestIdentifier: expect.stringMatching(/^WAPI\w{12}$/),
    });
    expect(second.body).toMatchObject({
      valid: false,
      requestIdentifier: expect.stringMatching(/^WAPI/),
    });
    expect(first.body['requestIdentifier']).not.toBe(second.body['requestIdentifier']);
    const unknown = { requesterMemberStateCode: 'NL', requesterNumber: '123456782B01' };
    expect(await check('BE', '0244142664', undefined, unknown)).toMatchObject({
      status: 400,
      body: { actionSucceed: false, errorWrappers: [{ error: 'INVALID_REQUESTER_INFO' }] },
    });
  });

  it.each([
    ['201', 400, 'INVALID_INPUT'],
    ['202', 400, 'INVALID_REQUESTER_INFO'],
    ['300', 500, 'SERVICE_UNAVAILABLE'],
    ['301', 500, 'MS_UNAVAILABLE'],
    ['302', 500, 'TIMEOUT'],
    ['400', 500, 'VAT_BLOCKED'],
    ['401', 500, 'IP_BLOCKED'],
    ['500', 500, 'GLOBAL_MAX_CONCURRENT_REQ'],
    ['501', 500, 'GLOBAL_MAX_CONCURRENT_REQ_TIME'],
    ['600', 500, 'MS_MAX_CONCURRENT_REQ'],
    ['601', 500, 'MS_MAX_CONCURRENT_REQ_TIME'],
  ])('should answer test number %s with HTTP %i %s', async (number, status, error) => {
    expect(await check('NL', number, '/check-vat-test-service')).toEqual({
      status,
      body: {
        actionSucceed: false,
        errorWrappers: [{ error, message: `recorded VIES: ${error}` }],
      },
    });
  });

  it('should answer the test service 100 valid and 200 invalid', async () => {
    expect((await check('DE', '100', '/check-vat-test-service')).body).toMatchObject({
      valid: true,
    });
    expect((await check('DE', '200', '/check-vat-test-service')).body).toMatchObject({
      valid: false,
    });
  });

  it('should report errors as HTTP 200 with userError when told to', async () => {
    vies.errorsAs200(true);
    expect(await check('NL', '301')).toMatchObject({
      status: 200,
      body: { valid: false, isValid: false, userError: 'MS_UNAVAILABLE' },
    });
  });

  it('should take a member state down and up, visible in check-status', async () => {
    vies.memberStateDown('DE');
    expect((await check('DE', '129273398')).body).toMatchObject({
      errorWrappers: [{ error: 'MS_UNAVAILABLE' }],
    });
    expect((await check('NL', '004495445B01')).body).toMatchObject({ valid: true });
    const status = (await (await fetch(`${vies.url}/check-status`)).json()) as {
      countries: { countryCode: string; availability: string }[];
    };
    expect(status.countries.find((c) => c.countryCode === 'DE')?.availability).toBe('Unavailable');
    vies.memberStateUp('DE');
    expect((await check('DE', '129273398')).body).toMatchObject({ valid: true });
  });

  it('should refuse a malformed request as VIES does', async () => {
    expect(await check('', '123')).toMatchObject({
      status: 400,
      body: { errorWrappers: [{ error: 'INVALID_INPUT' }] },
    });
  });
});
