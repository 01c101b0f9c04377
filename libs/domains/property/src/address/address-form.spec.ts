import { addressForm, postcodeOf, type AddressParts } from './address-form.js';

const parts = (overrides: Partial<AddressParts>): AddressParts => ({
  street: 'Europalaan',
  shortName: undefined,
  houseNumber: 93,
  houseLetter: undefined,
  addition: undefined,
  postcode: '3526KP',
  city: 'Utrecht',
  municipality: 'Utrecht',
  ...overrides,
});

describe(addressForm.name, () => {
  /**
   * The scenarios of BAG's own `adresregels.feature` (lvbag/BAG-API): NEN 5825 lines as BAG
   * composes `adresregel5`/`adresregel6`, here with the house letter in capitals and one space
   * before the place where BAG writes two.
   */
  it.each([
    [
      'no letter, no addition, a registered short name',
      {
        street: 'Annelien Kappeyne van de Coppellostraat',
        shortName: 'A K vd Coppellostr',
        houseNumber: 8,
        postcode: '6049HD',
        city: 'Herten',
      },
      'A K vd Coppellostr 8',
      '6049 HD HERTEN',
    ],
    [
      'a letter',
      {
        street: 'Blauwkapelseweg',
        houseNumber: 1,
        houseLetter: 'A',
        postcode: '3572KA',
        city: 'Utrecht',
      },
      'Blauwkapelseweg 1 A',
      '3572 KA UTRECHT',
    ],
    [
      'an addition starting with a letter',
      {
        street: 'Burgemeester van Nispen van Sevenaerstraat',
        shortName: 'Burg v N v Sevenaerstr',
        houseNumber: 1,
        addition: 'BEN',
        postcode: '1251KD',
        city: 'Laren',
      },
      'Burg v N v Sevenaerstr 1 BEN',
      '1251 KD LAREN',
    ],
    [
      'an addition starting with a digit',
      {
        street: 'Bornsesteeg',
        houseNumber: 1,
        addition: '5A3',
        postcode: '6708GA',
        city: 'Wageningen',
      },
      'Bornsesteeg 1-5A3',
      '6708 GA WAGENINGEN',
    ],
    [
      'a letter and an addition starting with a letter',
      {
        street: 'Defensieweg',
        houseNumber: 16,
        houseLetter: 'D',
        addition: 'K',
        postcode: '7933TL',
        city: 'Pesse',
      },
      'Defensieweg 16 DK',
      '7933 TL PESSE',
    ],
    [
      'a letter and an addition starting with a digit',
      {
        street: 'Belgiëlaan',
        houseNumber: 1,
        houseLetter: 'A',
        addition: '3',
        postcode: '2391PH',
        city: 'Hazerswoude-Dorp',
      },
      'Belgiëlaan 1 A3',
      '2391 PH HAZERSWOUDE-DORP',
    ],
    [
      'no postcode',
      {
        street: 'Zorgvlietstraat',
        houseNumber: 4,
        houseLetter: 'T',
        postcode: undefined,
        city: "'s-Gravenhage",
      },
      'Zorgvlietstraat 4 T',
      "'S-GRAVENHAGE",
    ],
  ])('should compose the NEN 5825 lines with %s', (_case, overrides, line, postal) => {
    expect(addressForm(parts(overrides))).toMatchObject({
      address_line: line,
      address_line_postal: postal,
    });
  });

  it('should write the house letter in capitals and the postcode without a space', () => {
    expect(
      addressForm(parts({ houseLetter: 'c', postcode: '2631 cr', street: 'Dorpsstraat' })),
    ).toMatchObject({
      house_letter: 'C',
      postcode: '2631CR',
      address_line: 'Dorpsstraat 93 C',
      address_line_postal: '2631 CR UTRECHT',
    });
  });

  it('should collapse runs of spaces and drop empty members', () => {
    expect(
      addressForm(
        parts({ street: ' Dorps  straat ', city: 'Den  Haag ', houseLetter: ' ', addition: '' }),
      ),
    ).toMatchObject({
      street: 'Dorps straat',
      city: 'Den Haag',
      house_letter: null,
      house_number_addition: null,
      address_line: 'Dorps straat 93',
      address_line_postal: '3526 KP DEN HAAG',
    });
  });

  it("should keep a street of up to 24 characters as its own short name, as BAG's rule has it", () => {
    expect(addressForm(parts({ shortName: 'Europaln' })).short_name).toBe('Europalaan');
    const long = 'Annelien Kappeyne van de Coppellostraat';
    expect(addressForm(parts({ street: long, shortName: 'A K vd Coppellostr' })).short_name).toBe(
      'A K vd Coppellostr',
    );
    expect(addressForm(parts({ street: long, shortName: undefined }))).toMatchObject({
      short_name: null,
      address_line: `${long} 93`,
    });
  });
});

describe(postcodeOf.name, () => {
  it.each([
    ['1082 GB', '1082GB'],
    ['1082gb', '1082GB'],
    [' 1082GB ', '1082GB'],
    ['0123AB', null],
    ['1082 G', null],
    [undefined, null],
  ])('should read %p as %p', (value, postcode) => {
    expect(postcodeOf(value)).toBe(postcode);
  });
});
