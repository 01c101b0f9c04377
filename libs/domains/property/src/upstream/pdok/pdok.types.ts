/**
 * One document of PDOK Locatieserver v3.1. Suggest answers carry only
 * the fields asked for in `fl`; `/free` with `fl=*` carries all stored ones. Letters, additions
 * and parcels are absent, not null, when the address has none.
 */
export interface PdokDoc {
  readonly id: string;
  readonly type: string;
  readonly weergavenaam: string;
  readonly score?: number;
  readonly nummeraanduiding_id?: string;
  readonly adresseerbaarobject_id?: string;
  readonly openbareruimte_id?: string;
  readonly woonplaatscode?: string;
  readonly woonplaatsnaam?: string;
  readonly gemeentecode?: string;
  readonly gemeentenaam?: string;
  readonly straatnaam?: string;
  readonly straatnaam_verkort?: string;
  readonly huisnummer?: number;
  readonly huisletter?: string;
  readonly huisnummertoevoeging?: string;
  readonly huis_nlt?: string;
  readonly postcode?: string;
  /** `hoofdadres` or `nevenadres`. */
  readonly adrestype?: string;
  /** WKT, longitude first: `POINT(5.10696041 52.06415055)`. */
  readonly centroide_ll?: string;
  /** The same point in RD New: for an address, BAG's own point of its object. */
  readonly centroide_rd?: string;
  /** Cadastral parcels: `<KAD. GEMEENTE>-<SECTIE>-<PERCEELNUMMER>`, e.g. `UTT00-R-364`. */
  readonly gekoppeld_perceel?: readonly string[];
  /** `/reverse` only: metres from the point asked about. */
  readonly afstand?: number;
}

/** The Solr envelope of `/suggest`, `/lookup`, `/free` and `/reverse`. */
export interface PdokAnswer {
  readonly response: {
    readonly numFound: number;
    readonly start?: number;
    readonly docs: readonly PdokDoc[];
  };
}
