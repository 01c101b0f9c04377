import { ApiProperty } from '@nestjs/swagger';

const str = { type: String, nullable: true } as const;
const int = { type: Number, nullable: true } as const;
const num = { type: Number, nullable: true } as const;
const bool = { type: Boolean, nullable: true } as const;

/**
 * The spec's address record (Resources → Address record), every member always present. Members
 * only the BAG API holds are null (arrays empty) when the record comes from PDOK alone; the
 * `X-Source` header says which sources answered.
 */
export class AddressRecord {
  @ApiProperty({ example: '0344200000128086', description: 'Nummeraanduiding id, 16 digits.' })
  bag_nummeraanduiding_id: string;
  @ApiProperty({ ...str, example: '0344010000006589' }) bag_verblijfsobject_id: string | null;
  @ApiProperty({
    type: [String],
    nullable: true,
    description: 'Buildings (panden) of the object; BAG only (null without it).',
  })
  bag_pand_ids: string[] | null;
  @ApiProperty({ ...str, example: '0344300000000177' }) bag_openbare_ruimte_id: string | null;
  @ApiProperty({ ...str, example: '3295' }) bag_woonplaats_id: string | null;
  @ApiProperty({ ...str, example: 'Europalaan' }) street: string | null;
  @ApiProperty({
    ...str,
    example: 'Europalaan',
    description:
      "NEN 5825 short street name: the street's own name up to 24 characters, else BAG's registered abbreviation (null when only PDOK answered).",
  })
  short_name: string | null;
  @ApiProperty({ type: Number, example: 93 }) house_number: number;
  @ApiProperty({ ...str, example: 'C', description: 'One letter, in capitals.' })
  house_letter: string | null;
  @ApiProperty(str) house_number_addition: string | null;
  @ApiProperty({ ...str, example: '3526KP', description: 'Four digits, two letters, no space.' })
  postcode: string | null;
  @ApiProperty({ ...str, example: 'Utrecht' }) city: string | null;
  @ApiProperty({
    ...str,
    example: 'Utrecht',
    description: "CBS's name of the municipality (list of 1 January 2026).",
  })
  municipality: string | null;
  @ApiProperty({
    ...str,
    example: 'Europalaan 93',
    description:
      'NEN 5825 address line: short name, number, then letter and addition together (after a hyphen when they start with a digit): `Dorpsstraat 15 C`, `Bornsesteeg 1-5A3`.',
  })
  address_line: string | null;
  @ApiProperty({
    ...str,
    example: '3526 KP UTRECHT',
    description:
      'NEN 5825 postal line with single spaces: postcode with its space, place in capitals.',
  })
  address_line_postal: string | null;
  @ApiProperty({
    type: [String],
    nullable: true,
    example: ['woonfunctie'],
    description: 'BAG only (null without it).',
  })
  usage_purposes: string[] | null;
  @ApiProperty({ ...int, example: 84, description: 'm²; BAG only.' })
  surface_area_m2: number | null;
  @ApiProperty({ ...int, example: 1920, description: 'Original build year of the (first) pand.' })
  build_year: number | null;
  @ApiProperty({ ...str, example: 'Verblijfsobject in gebruik' }) status: string | null;
  @ApiProperty({ ...str, example: 'Verblijfsobject' }) type: string | null;
  @ApiProperty({ ...bool, description: 'A nevenadres; null only when no source says.' })
  is_secondary_address: boolean | null;
  @ApiProperty({ ...bool, description: 'BAG "geconstateerd": registered from observation.' })
  is_observed: boolean | null;
  @ApiProperty({
    ...str,
    example: 'oppervlakte',
    description: 'What of the object BAG has under investigation (comma-separated), else null.',
  })
  in_investigation: string | null;
  @ApiProperty({ ...str, example: '2010-03-16' }) document_date: string | null;
  @ApiProperty({ ...str, example: 'CB 16-03-2010' }) document_number: string | null;
  @ApiProperty({
    type: [String],
    nullable: true,
    description: 'Secondary (neven) address ids of the object; BAG only (null without it).',
  })
  secondary_address_ids: string[] | null;
  @ApiProperty({
    ...str,
    example: 'versie 1, geldig vanaf 2010-03-16, geregistreerd 2010-12-10T02:45:55',
    description: 'The BAG occurrence (voorkomen) of the object.',
  })
  occurrence: string | null;
  @ApiProperty({
    ...num,
    example: 52.06415055,
    description:
      "WGS84: PDOK's point, or for an id only BAG knows its RD New point converted (within half a metre).",
  })
  lat: number | null;
  @ApiProperty({ ...num, example: 5.10696041, description: 'WGS84, as `lat`.' })
  lon: number | null;
}

/** `GET /v1/kadaster/bag/id`. */
export class BagIdResponse {
  @ApiProperty({ type: Boolean, example: true }) found: boolean;
  @ApiProperty({ type: AddressRecord }) address: AddressRecord;
}

/** 404 of `GET /v1/kadaster/bag/id`. */
export class BagIdNotFound {
  @ApiProperty({ type: Boolean, example: false }) found: false;
  @ApiProperty({ type: Object, nullable: true, example: null }) address: null;
}

/** One autocomplete suggestion; every member always present. */
export class AddressSuggestion {
  @ApiProperty({ example: 'adr-bf54db721969487ed33ba84d9973c702', description: 'PDOK id.' })
  id: string;
  @ApiProperty({ example: 'Europalaan 93, 3526KP Utrecht' }) label: string;
  @ApiProperty({ example: 'adres', description: 'adres, weg, postcode, woonplaats, gemeente.' })
  type: string;
  @ApiProperty(str) nummeraanduiding_id: string | null;
  @ApiProperty(str) verblijfsobject_id: string | null;
  @ApiProperty({ ...str, example: '3526KP' }) postcode: string | null;
  @ApiProperty({ ...int, example: 93 }) house_number: number | null;
}

/** `GET /v1/kadaster/bag/address-suggest`. */
export class AddressSuggestResponse {
  @ApiProperty({ type: [AddressSuggestion], maxItems: 10 }) suggestions: AddressSuggestion[];
}

/** `address` of the property value response. */
export class ValueAddress {
  @ApiProperty({ example: '0344200000128086' }) bag_nummeraanduiding_id: string;
  @ApiProperty(str) verblijfsobject_id: string | null;
  @ApiProperty(str) openbareruimte_id: string | null;
  @ApiProperty(str) street: string | null;
  @ApiProperty({ type: Number, example: 93 }) house_number: number;
  @ApiProperty({ example: '3526KP' }) postcode: string;
  @ApiProperty(str) city: string | null;
  @ApiProperty(str) municipality: string | null;
  @ApiProperty(num) lat: number | null;
  @ApiProperty(num) lon: number | null;
}

/** One yearly value. */
export class ValueAtDate {
  @ApiProperty({ ...int, example: 377000, description: 'Euros.' }) amount: number | null;
  @ApiProperty({ ...str, example: '2024-01-01', description: 'Valuation reference date.' })
  reference_date: string | null;
}

/** `property_value`: the current value and the previous three yearly values. */
export class PropertyValue extends ValueAtDate {
  @ApiProperty({ type: [ValueAtDate], maxItems: 3, description: 'Newest first.' })
  history: ValueAtDate[];
}

/** `GET /v1/property/woz-waarde`. */
export class WozValueResponse {
  @ApiProperty({ type: Boolean, example: true }) found: boolean;
  @ApiProperty({ type: ValueAddress, nullable: true }) address: ValueAddress | null;
  @ApiProperty({
    type: PropertyValue,
    nullable: true,
    description:
      'amount and reference_date are null (history empty) for an address without a WOZ value (a non-residential object): 200 found:true.',
  })
  property_value: PropertyValue | null;
  @ApiProperty({ ...int, description: 'Ground surface in m².' }) grondoppervlakte: number | null;
  @ApiProperty({ ...str, example: 'UTT00' }) kadastrale_gemeente_code: string | null;
  @ApiProperty({ ...str, example: 'R' }) kadastrale_sectie: string | null;
  @ApiProperty({ ...str, example: '364' }) kadastraal_perceel_nummer: string | null;
}

/** 404 of `GET /v1/property/woz-waarde`: the address is not in the register. */
export class WozValueNotFound {
  @ApiProperty({ type: Boolean, example: false }) found: false;
  @ApiProperty({ type: Object, nullable: true, example: null }) address: null;
  @ApiProperty({ type: Object, nullable: true, example: null }) property_value: null;
}
