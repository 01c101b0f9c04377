import type { PropertyValue, ValueAddress, ValueAtDate } from '@nl/contracts-property';
import type { WozAnswer, WozId } from './woz.types.js';

/** How many earlier yearly values `history` holds (spec: the previous three). */
const HISTORY_YEARS = 3;

/** `758200000010265` → `0758200000010265`: ids as strings of their full length. */
export function padId(id: WozId | null | undefined, length: number): string | null {
  if (id === null || id === undefined) return null;
  const digits = String(id).trim();
  return /^\d+$/.test(digits) && digits.length <= length ? digits.padStart(length, '0') : null;
}

/** Euros as an integer; the source's numbers may come as strings, like its ids. */
function euros(value: unknown): number | null {
  const amount = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return Number.isInteger(amount) ? (amount as number) : null;
}

const valueAt = (v: { peildatum?: string; vastgesteldeWaarde?: number | string }): ValueAtDate => ({
  amount: euros(v.vastgesteldeWaarde),
  reference_date: v.peildatum ?? null,
});

/**
 * The newest value and the three before it, newest first (the source's order is not
 * guaranteed). No answer, or no values: amount and reference date null, history empty.
 */
export function toPropertyValue(answer: WozAnswer | null): PropertyValue {
  const values = [...(answer?.wozWaarden ?? [])]
    .filter((v) => typeof v.peildatum === 'string')
    .sort((a, b) => (b.peildatum ?? '').localeCompare(a.peildatum ?? ''))
    .map(valueAt);
  const [current, ...earlier] = values;
  return {
    amount: current?.amount ?? null,
    reference_date: current?.reference_date ?? null,
    history: earlier.slice(0, HISTORY_YEARS),
  };
}

/** The first cadastral parcel the WOZ object lies on, or null when it lists none. */
export function wozParcel(answer: WozAnswer | null) {
  const parcel = answer?.kadastraleObjecten?.[0];
  if (!parcel) return null;
  return {
    kadastrale_gemeente_code: parcel.kadastraleGemeenteCode ?? null,
    kadastrale_sectie: parcel.kadastraleSectie ?? null,
    kadastraal_perceel_nummer:
      parcel.kadastraalPerceelNummer === undefined ? null : String(parcel.kadastraalPerceelNummer),
  };
}

/**
 * The address as the WOZ object names it, for an id the address register (PDOK) does not
 * know: no public-space id, municipality or coordinates there.
 */
export function wozAddress(answer: WozAnswer, id: string): ValueAddress | null {
  const object = answer.wozObject;
  if (!object?.postcode || !Number.isInteger(object.huisnummer)) return null;
  const vbo = padId(object.adresseerbaarobjectid, 16);
  return {
    bag_nummeraanduiding_id: id,
    verblijfsobject_id: vbo && vbo.slice(4, 6) === '01' ? vbo : null,
    openbareruimte_id: null,
    street: object.straatnaam ?? object.openbareruimtenaam ?? null,
    house_number: object.huisnummer as number,
    postcode: object.postcode,
    city: object.woonplaatsnaam ?? null,
    municipality: null,
    lat: null,
    lon: null,
  };
}
