import { readFileSync } from 'node:fs';
import { padId, toPropertyValue, wozAddress, wozParcel } from './woz.mapper.js';
import type { WozAnswer } from './woz.types.js';

const HEKOORD = JSON.parse(
  readFileSync(new URL('./recorded/wozwaarde_0758200000010265.json', import.meta.url), 'utf8'),
) as WozAnswer;

/**
 * Illustrative answer (the loket's shape with made-up earlier years, surface and parcel; not a
 * recording), in the unordered way the source may send it.
 */
const ILLUSTRATIVE: WozAnswer = {
  ...HEKOORD,
  wozObject: { ...HEKOORD.wozObject, grondoppervlakte: 142 },
  wozWaarden: [
    { peildatum: '2023-01-01', vastgesteldeWaarde: 371000 },
    { peildatum: '2025-01-01', vastgesteldeWaarde: 396000 },
    { peildatum: '2021-01-01', vastgesteldeWaarde: 300000 },
    { peildatum: '2024-01-01', vastgesteldeWaarde: 377000 },
    { peildatum: '2022-01-01', vastgesteldeWaarde: 334000 },
  ],
  kadastraleObjecten: [
    { kadastraleGemeenteCode: 'BRD03', kadastraleSectie: 'K', kadastraalPerceelNummer: 2345 },
  ],
};

describe(toPropertyValue.name, () => {
  it('should answer the recorded value with an empty history (none recorded)', () => {
    expect(toPropertyValue(HEKOORD)).toEqual({
      amount: 396000,
      reference_date: '2025-01-01',
      history: [],
    });
  });

  it('should sort newest first and keep the previous three years only', () => {
    expect(toPropertyValue(ILLUSTRATIVE)).toEqual({
      amount: 396000,
      reference_date: '2025-01-01',
      history: [
        { amount: 377000, reference_date: '2024-01-01' },
        { amount: 371000, reference_date: '2023-01-01' },
        { amount: 334000, reference_date: '2022-01-01' },
      ],
    });
  });

  it('should read an amount sent as a string, and nothing else, as euros', () => {
    // Illustrative variations of the recorded value, not recordings.
    const as = (vastgesteldeWaarde: number | string) =>
      toPropertyValue({ wozWaarden: [{ peildatum: '2025-01-01', vastgesteldeWaarde }] }).amount;
    expect(as('396000')).toBe(396000);
    expect(as('396000.5')).toBeNull();
    expect(as('')).toBeNull();
  });

  it('should answer null values for an object without a WOZ value', () => {
    const none = { amount: null, reference_date: null, history: [] };
    expect(toPropertyValue(null)).toEqual(none);
    expect(toPropertyValue({ ...HEKOORD, wozWaarden: [] })).toEqual(none);
  });
});

describe(wozAddress.name, () => {
  it('should name the recorded address with its ids padded to 16 digits', () => {
    expect(wozAddress(HEKOORD, '0758200000010265')).toEqual({
      bag_nummeraanduiding_id: '0758200000010265',
      verblijfsobject_id: '0758010000018784',
      openbareruimte_id: null,
      street: 'Hekoord',
      house_number: 6,
      postcode: '4824LP',
      city: 'Breda',
      municipality: null,
      lat: null,
      lon: null,
    });
  });
});

describe(wozParcel.name, () => {
  it('should take the first parcel, its number as a string, or null without one', () => {
    expect(wozParcel(ILLUSTRATIVE)).toEqual({
      kadastrale_gemeente_code: 'BRD03',
      kadastrale_sectie: 'K',
      kadastraal_perceel_nummer: '2345',
    });
    expect(wozParcel(HEKOORD)).toBeNull();
  });
});

describe(padId.name, () => {
  it('should pad numbers and refuse what is no id', () => {
    expect(padId(758, 4)).toBe('0758');
    expect(padId('0344200000128086', 16)).toBe('0344200000128086');
    expect(padId('12x', 16)).toBeNull();
    expect(padId(undefined, 16)).toBeNull();
  });
});
