import {
  addressKeyOf,
  normaliseAddressPart,
  normalisePostcode,
  normaliseSuggestText,
} from './address-input.js';

describe('address input normal forms', () => {
  it.each([
    ['1012AB', '1012AB'],
    ['1012 ab', '1012AB'],
    [' 1012aB ', '1012AB'],
    ['1012  AB', '1012  AB'],
    ['0123AB', '0123AB'],
  ])('should write the postcode %j as %j', (input, expected) => {
    expect(normalisePostcode(input)).toBe(expected);
  });

  it('should treat house letters and additions without regard to case, empty as none', () => {
    expect(normaliseAddressPart(' a ')).toBe('A');
    expect(normaliseAddressPart('bis')).toBe('BIS');
    expect(normaliseAddressPart('  ')).toBeUndefined();
  });

  it.each([
    ['1012 ab', '1012AB'],
    ['1012AB', '1012AB'],
    ['  Westeringlaan   18 ', 'westeringlaan 18'],
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
