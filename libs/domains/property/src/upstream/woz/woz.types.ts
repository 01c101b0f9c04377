/** Ids come as numbers without leading zeros in some answers, as strings in others. */
export type WozId = string | number;

/**
 * `GET /wozwaarde/nummeraanduiding/{id}` of the WOZ-waardeloket API (as observed; unofficial and
 * undocumented: every member is treated as optional).
 */
export interface WozAnswer {
  readonly wozObject?: {
    readonly wozobjectnummer?: WozId;
    readonly woonplaatsnaam?: string | null;
    readonly openbareruimtenaam?: string | null;
    readonly straatnaam?: string | null;
    readonly postcode?: string | null;
    readonly huisnummer?: number | null;
    readonly huisletter?: string | null;
    readonly huisnummertoevoeging?: string | null;
    readonly gemeentecode?: WozId;
    /** m². */
    readonly grondoppervlakte?: number | null;
    readonly adresseerbaarobjectid?: WozId;
    readonly nummeraanduidingid?: WozId;
  };
  /** Not in a guaranteed order. */
  readonly wozWaarden?: readonly {
    readonly peildatum?: string;
    readonly vastgesteldeWaarde?: number | string;
  }[];
  readonly kadastraleObjecten?: readonly {
    readonly kadastraleGemeenteCode?: string;
    readonly kadastraleSectie?: string;
    readonly kadastraalPerceelNummer?: WozId;
  }[];
}
