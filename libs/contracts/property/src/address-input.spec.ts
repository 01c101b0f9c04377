import {
  POSTCODE_PATTERN,
  addressKeyOf,
  normaliseAddressPart,
  normalisePostcode,
  normaliseSuggestText,
} from './address-input.js';

describe('address input normal forms', () => {
  it.each([
    ['1012AB', '1012AB'],
    ['1012 ab', '1012AB'],
    ['1012\u00a0aB', '1012AB'],
  ])('should write the postcode %j as %j', (input, expected) => {
    expect(POSTCODE_PATTERN.test(input)).toBe(true);
    expect(normalisePostcode(input)).toBe(expected);
  });

  it.each(['1012  AB', '0123AB', ' 1012AB', '1012\u000bAB', '1012\tAB '])(
    'should not take %j for a postcode',
    (input) => {
      expect(POSTCODE_PATTERN.test(input)).toBe(false);
    },
  );

  it('should treat house letters and additions without regard to case', () => {
    expect(normaliseAddressPart('a')).toBe('A');
    expect(normaliseAddressPart('bis')).toBe('BIS');
  });

  it.each([
    ['1012 ab', '1012AB'],
    ['1012AB', '1012AB'],
    ['  Westeringlaan   18 ', 'westeringlaan 18'],
    [' 1012\tab ', '1012AB'],
    ['Dorpsstraat 15 NOOTDORP', 'dorpsstraat 15 nootdorp'],
  ])('should give the suggest text %j the cache form %j', (input, expected) => {
    expect(normaliseSuggestText(input)).toBe(expected);
  });

  it('should make one key of equivalent addresses and different keys of different ones', () => {
    expect(addressKeyOf({ postcode: '3526KP', house_number: 93 })).toBe('3526KP:93::');
    expect(
      addressKeyOf({
        postcode: '3526KP',
        house_number: 93,
        house_letter: 'A',
        house_number_addition: '2',
      }),
    ).toBe('3526KP:93:A:2');
  });
});
