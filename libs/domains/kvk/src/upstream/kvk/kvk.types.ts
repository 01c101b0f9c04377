/** Raw shapes of the KVK Basisprofiel and Vestigingsprofiel APIs; never exported from the lib. */

export interface RawKvkTradeName {
  readonly naam?: string;
  readonly volgorde?: number;
}

export interface RawKvkSbi {
  readonly sbiCode?: string;
  readonly sbiOmschrijving?: string;
  readonly indHoofdactiviteit?: string;
}

export interface RawKvkAddress {
  readonly type?: string;
  readonly indAfgeschermd?: string;
  readonly volledigAdres?: string;
  readonly straatnaam?: string;
  readonly huisnummer?: number;
  readonly huisletter?: string;
  readonly huisnummerToevoeging?: string;
  readonly postcode?: string;
  readonly postbusnummer?: number;
  readonly plaats?: string;
  readonly land?: string;
}

/** KVK writes links two ways: an array of `{rel, href}`, or HAL's `_links` keyed by rel. */
export interface RawKvkLinks {
  readonly links?: readonly { readonly rel?: string; readonly href?: string }[];
  readonly _links?: Readonly<Record<string, { readonly href?: string }>>;
}

export interface RawKvkBranch extends RawKvkLinks {
  readonly vestigingsnummer?: string;
  readonly kvkNummer?: string;
  readonly rsin?: string;
  readonly eersteHandelsnaam?: string;
  readonly indHoofdvestiging?: string;
  readonly indCommercieleVestiging?: string;
  readonly handelsnamen?: readonly RawKvkTradeName[];
  readonly adressen?: readonly RawKvkAddress[];
  readonly websites?: readonly string[];
  readonly sbiActiviteiten?: readonly RawKvkSbi[];
  readonly materieleRegistratie?: { readonly datumAanvang?: string; readonly datumEinde?: string };
}

export interface RawKvkOwner extends RawKvkLinks {
  readonly rsin?: string;
  readonly rechtsvorm?: string;
  readonly datumUitschrijving?: string;
  readonly adressen?: readonly RawKvkAddress[];
}

export interface RawKvkProfile extends RawKvkLinks {
  readonly kvkNummer?: string;
  readonly indNonMailing?: string;
  readonly naam?: string;
  readonly statutaireNaam?: string;
  readonly formeleRegistratiedatum?: string;
  readonly materieleRegistratie?: { readonly datumAanvang?: string; readonly datumEinde?: string };
  readonly handelsnamen?: readonly RawKvkTradeName[];
  readonly sbiActiviteiten?: readonly RawKvkSbi[];
  readonly _embedded?: { readonly hoofdvestiging?: RawKvkBranch; readonly eigenaar?: RawKvkOwner };
}

/** KVK's error body: `{"fout": [{"code": "IPD0005", "omschrijving": "…"}]}`. */
export interface RawKvkError {
  readonly fout?: readonly { readonly code?: string; readonly omschrijving?: string }[];
}

/** One hit of KVK Zoeken v2 (`ResultaatItem`). */
export interface RawKvkSearchHit {
  readonly kvkNummer?: string;
  readonly rsin?: string;
  readonly vestigingsnummer?: string;
  readonly naam?: string;
  readonly adres?: {
    readonly binnenlandsAdres?: Readonly<Record<string, unknown>>;
    readonly buitenlandsAdres?: Readonly<Record<string, unknown>>;
  };
  readonly type?: string;
  readonly actief?: string;
  readonly vervallenNaam?: string;
}

/** KVK Zoeken v2's answer (`Resultaat`). */
export interface RawKvkSearch {
  readonly pagina?: number;
  readonly resultatenPerPagina?: number;
  readonly totaal?: number;
  readonly resultaten?: readonly RawKvkSearchHit[];
}
