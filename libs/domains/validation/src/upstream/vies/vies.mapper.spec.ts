import { readFile } from 'node:fs/promises';
import { normaliseAddress, readViesAnswer, toVatResponse, viesErrorClass } from './vies.mapper.js';

const sample = async () =>
  JSON.parse(
    await readFile(
      new URL('./recorded/check-vat-number_BE0244142664_valid.json', import.meta.url),
      'utf8',
    ),
  ) as unknown;

describe('VIES mapping', () => {
  it('should map the recorded BE answer to the spec response, field for field', async () => {
    const outcome = readViesAnswer(200, await sample());
    expect(outcome).toMatchObject({ kind: 'answer', valid: true });
    if (outcome.kind !== 'answer') throw new Error('no answer');
    expect(toVatResponse('BE0244142664', 'BE', outcome.answer, outcome.valid)).toEqual({
      valid: true,
      vat_number: 'BE0244142664',
      country_code: 'BE',
      request_date: '2024-04-23T08:04:10.919Z',
      company: {
        name: 'NV OR De Vlaamse Radio- en Televisieomroeporganisatie',
        address: 'Auguste Reyerslaan 52\n1030 Schaarbeek',
      },
      error: null,
      message: 'The VAT number is valid.',
    });
  });

  it('should give company null for a state that does not share name and address', () => {
    const outcome = readViesAnswer(200, {
      countryCode: 'DE',
      vatNumber: '129273398',
      requestDate: '2026-10-08T09:30:02.124Z',
      valid: true,
      name: '---',
      address: '---',
    });
    if (outcome.kind !== 'answer') throw new Error('no answer');
    const response = toVatResponse('DE129273398', 'DE', outcome.answer, outcome.valid);
    expect(response).toMatchObject({ valid: true, company: null, error: null });
    expect(response.message).toContain('does not share');
  });

  it('should never read an error sent as HTTP 200 as invalid', () => {
    expect(
      readViesAnswer(200, { isValid: false, userError: 'MS_MAX_CONCURRENT_REQ', name: '---' }),
    ).toEqual({ kind: 'error', code: 'MS_MAX_CONCURRENT_REQ', message: '' });
    expect(readViesAnswer(200, { valid: false, userError: 'MS_UNAVAILABLE' })).toMatchObject({
      kind: 'error',
      code: 'MS_UNAVAILABLE',
    });
  });

  it('should read the GET form verdicts and the error wrappers of 4xx/5xx', () => {
    expect(readViesAnswer(200, { isValid: false, userError: 'INVALID' })).toMatchObject({
      kind: 'answer',
      valid: false,
    });
    expect(readViesAnswer(200, { isValid: true, userError: 'VALID' })).toMatchObject({
      kind: 'answer',
      valid: true,
    });
    expect(
      readViesAnswer(500, {
        actionSucceed: false,
        errorWrappers: [{ error: 'TIMEOUT', message: 'The member state did not answer' }],
      }),
    ).toEqual({ kind: 'error', code: 'TIMEOUT', message: 'The member state did not answer' });
    expect(readViesAnswer(502, '<html>bad gateway</html>')).toMatchObject({
      kind: 'error',
      code: 'SERVICE_UNAVAILABLE',
    });
    expect(readViesAnswer(200, {})).toMatchObject({ kind: 'error', code: 'BAD_RESPONSE' });
  });

  it('should normalise Dutch addresses with their stray newlines and spaces', () => {
    expect(normaliseAddress('\nGUSTAV MAHLERLAAN 00010\n1082PP  AMSTERDAM\n')).toBe(
      'GUSTAV MAHLERLAAN 00010\n1082PP AMSTERDAM',
    );
    expect(normaliseAddress('---')).toBeNull();
    expect(normaliseAddress('  ')).toBeNull();
    expect(normaliseAddress(null)).toBeNull();
  });

  it('should give no company for an invalid number', () => {
    expect(
      toVatResponse('NL123456789B01', 'NL', { valid: false, name: '---', address: '---' }, false),
    ).toMatchObject({ valid: false, company: null, error: null });
  });

  describe('viesErrorClass', () => {
    it.each([
      // The member state's system did not answer VIES, or is too busy.
      ['MS_UNAVAILABLE', 'member_state'],
      ['TIMEOUT', 'member_state'],
      ['MS_MAX_CONCURRENT_REQ', 'member_state'],
      ['MS_MAX_CONCURRENT_REQ_TIME', 'member_state'],
      // VIES itself: its network or web application, its overall load.
      ['SERVICE_UNAVAILABLE', 'vies'],
      ['GLOBAL_MAX_CONCURRENT_REQ', 'vies'],
      ['GLOBAL_MAX_CONCURRENT_REQ_TIME', 'vies'],
      ['SERVER_BUSY', 'vies'],
      ['INVALID_INPUT', 'bad_input'],
      // VIES will not answer this, and asking again does not help.
      ['INVALID_REQUESTER_INFO', 'refused'],
      ['VAT_BLOCKED', 'refused'],
      ['IP_BLOCKED', 'refused'],
      ['BAD_RESPONSE', 'refused'],
      ['SOMETHING_NEW', 'refused'],
      ['toString', 'refused'],
    ])('should class %s as %s', (code, kind) => {
      expect(viesErrorClass(code)).toBe(kind);
    });
  });
});
