import { checkVatNumber, normaliseVatInput } from './vat-number.js';

/**
 * One number per supported prefix that satisfies its check-digit rule. Most are example numbers
 * that tax authorities and VAT tooling publish (NL004495445B01 with a real VIES answer in the
 * upstream notes, BE0244142664 from the recorded VIES sample); each was confirmed against the
 * rule, and NL, DE and BE again below with an independent implementation.
 */
const VALID: readonly (readonly [string, string])[] = [
  ['ATU13585627', 'AT'],
  ['BE0244142664', 'BE'],
  ['BG175074752', 'BG'],
  ['CY10259033P', 'CY'],
  ['CZ25123891', 'CZ'],
  ['DE129273398', 'DE'],
  ['DK13585628', 'DK'],
  ['EE100931558', 'EE'],
  ['EL094259216', 'EL'],
  ['ESB58378431', 'ES'],
  ['FI20774740', 'FI'],
  ['FR40303265045', 'FR'],
  ['HR33392005961', 'HR'],
  ['HU12892312', 'HU'],
  ['IE6388047V', 'IE'],
  ['IT00743110157', 'IT'],
  ['LT100001919017', 'LT'],
  ['LU15027442', 'LU'],
  ['LV40003521600', 'LV'],
  ['MT10830531', 'MT'],
  ['NL004495445B01', 'NL'],
  ['NL000099998B57', 'NL'],
  ['PL5260250274', 'PL'],
  ['PT501964843', 'PT'],
  ['RO18547290', 'RO'],
  ['SE556703748501', 'SE'],
  ['SI50223054', 'SI'],
  ['SK2020317068', 'SK'],
  ['XI123456782', 'XI'],
];

/**
 * The check digit changed by one: every rule above must catch that. It is the last digit,
 * except in NL (before the `B01` branch suffix) and SE (before the fixed `01`).
 */
function bumpCheckDigit(vat: string): string {
  const i = vat.startsWith('NL') ? 10 : vat.startsWith('SE') ? 11 : vat.search(/\d(?=\D*$)/);
  return `${vat.slice(0, i)}${(Number(vat[i]) + 1) % 10}${vat.slice(i + 1)}`;
}

describe(checkVatNumber.name, () => {
  it.each(VALID)('should accept %s (%s)', (vat, countryCode) => {
    expect(checkVatNumber(vat)).toEqual({
      ok: true,
      countryCode,
      number: vat.slice(2),
      vatNumber: vat,
    });
  });

  it.each(VALID.filter(([vat]) => vat !== 'NL000099998B57'))(
    'should refuse %s with its last digit changed as a checksum failure',
    (vat, countryCode) => {
      const result = checkVatNumber(bumpCheckDigit(vat));
      expect(result).toMatchObject({ ok: false, countryCode });
      // IE's check character is a letter; bumping a digit there breaks the checksum as well.
      expect(result.ok ? null : result.reason).toBe('invalid_checksum');
    },
  );

  it('should normalise spaces, dots, dashes and case', () => {
    expect(normaliseVatInput(' nl 0044.95445-b01 ')).toBe('NL004495445B01');
    expect(checkVatNumber('nl 0044.95445.b01')).toMatchObject({
      ok: true,
      vatNumber: 'NL004495445B01',
    });
  });

  it('should map GR to EL and pad 8-digit Greek and 9-digit Belgian numbers', () => {
    expect(checkVatNumber('GR094259216')).toMatchObject({
      ok: true,
      countryCode: 'EL',
      vatNumber: 'EL094259216',
    });
    expect(checkVatNumber('EL94259216')).toMatchObject({ ok: true, number: '094259216' });
    expect(checkVatNumber('BE244142664')).toMatchObject({ ok: true, vatNumber: 'BE0244142664' });
  });

  it('should call GB unsupported and point to XI', () => {
    expect(checkVatNumber('GB123456782')).toMatchObject({
      ok: false,
      reason: 'unsupported_country',
      countryCode: 'GB',
      message: expect.stringContaining('XI'),
    });
  });

  it('should check XI numbers with the UK rules', () => {
    expect(checkVatNumber('XI123456783')).toMatchObject({ ok: false, reason: 'invalid_checksum' });
    expect(checkVatNumber('XIGD001')).toMatchObject({ ok: true, countryCode: 'XI' });
  });

  it.each([
    ['', 'invalid_format', null],
    ['NL', 'invalid_format', 'NL'],
    ['123456789', 'invalid_format', null],
    ['US123456789', 'unsupported_country', 'US'],
    ['CH123456789', 'unsupported_country', 'CH'],
    ['NL123456789', 'invalid_format', 'NL'],
    ['NL12345678XB01', 'invalid_format', 'NL'],
    ['DE12345678', 'invalid_format', 'DE'],
    ['DE12345678A', 'invalid_format', 'DE'],
    ['ATU1234567', 'invalid_format', 'AT'],
    ['NL004495445B01!', 'invalid_format', 'NL'],
    [`NL${'1'.repeat(38)}`, 'invalid_format', 'NL'],
  ])('should refuse %j as %s', (raw, reason, countryCode) => {
    const result = checkVatNumber(raw);
    expect(result).toMatchObject({ ok: false, reason, countryCode });
    if (!result.ok) expect(result.message.length).toBeGreaterThan(20);
  });
});

describe('the checksums, cross-checked without the library', () => {
  /** NL legacy: weights 9..2 over the first 8 digits, mod 11 equals the 9th. */
  const elfproef = (digits: string) =>
    [...digits.slice(0, 8)].reduce((sum, d, i) => sum + Number(d) * (9 - i), 0) % 11 ===
    Number(digits[8]);
  /** NL since 2020: letters N=23, L=21, B=11 in the full string, value mod 97 = 1. */
  const mod97 = (vat: string) =>
    BigInt(vat.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55))) % 97n === 1n;
  /** DE: ISO 7064 MOD 11,10 over 8 digits gives the 9th. */
  const iso7064 = (digits: string) => {
    let product = 10;
    for (const d of digits.slice(0, 8)) {
      let sum = (Number(d) + product) % 10;
      if (sum === 0) sum = 10;
      product = (2 * sum) % 11;
    }
    return (11 - product) % 10 === Number(digits[8]);
  };
  /** BE: 97 − (first 8 digits mod 97) equals the last two. */
  const be97 = (digits: string) =>
    97 - (Number(digits.slice(0, 8)) % 97) === Number(digits.slice(8));

  it('should agree with the library on NL (both algorithms), DE and BE', () => {
    expect(elfproef('004495445')).toBe(true);
    expect(mod97('NL004495445B01')).toBe(false);
    expect(elfproef('000099998')).toBe(false);
    expect(mod97('NL000099998B57')).toBe(true);
    expect(iso7064('129273398')).toBe(true);
    expect(iso7064('129273397')).toBe(false);
    expect(be97('0244142664')).toBe(true);
    for (const vat of ['NL004495445B01', 'NL000099998B57', 'DE129273398', 'BE0244142664'])
      expect(checkVatNumber(vat).ok).toBe(true);
    for (const vat of ['NL004495446B01', 'DE129273397', 'BE0244142665'])
      expect(checkVatNumber(vat).ok).toBe(false);
  });
});
