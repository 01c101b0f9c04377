/** A BAG geometry in RD New (EPSG:28992), `[x, y, z]`: a point, or an area (lig-/standplaats). */
export interface BagGeometry {
  readonly punt?: { readonly coordinates: readonly number[] };
  readonly vlak?: { readonly coordinates: readonly (readonly (readonly number[])[])[] };
}

/**
 * `GET /adressenuitgebreid/{id}` of the BAG API Individuele Bevragingen v2: the address with its
 * object's status, usage, surface, build years and location (RD New, asked with `Accept-Crs`).
 * Optional members are absent, not null; `geconstateerd` and `inonderzoek` exist only when
 * something is true.
 */
export interface BagAddress {
  readonly openbareRuimteNaam: string;
  readonly korteNaam?: string;
  readonly huisnummer: number;
  readonly huisletter?: string;
  readonly huisnummertoevoeging?: string;
  readonly postcode?: string;
  readonly woonplaatsNaam: string;
  readonly nummeraanduidingIdentificatie: string;
  readonly openbareRuimteIdentificatie: string;
  readonly woonplaatsIdentificatie: string;
  readonly adresseerbaarObjectIdentificatie?: string;
  readonly pandIdentificaties?: readonly string[];
  readonly indicatieNevenadres?: boolean;
  readonly adresregel5?: string;
  readonly adresregel6?: string;
  readonly typeAdresseerbaarObject?: string;
  readonly adresseerbaarObjectGeometrie?: BagGeometry;
  readonly adresseerbaarObjectStatus?: string;
  readonly gebruiksdoelen?: readonly string[];
  readonly oppervlakte?: number;
  /** One per pand, as strings. */
  readonly oorspronkelijkBouwjaar?: readonly string[];
  readonly geconstateerd?: Readonly<Record<string, boolean>>;
  readonly inonderzoek?: Readonly<Record<string, boolean | readonly string[]>>;
}

/** The BAG occurrence (voorkomen) of an object. */
export interface BagVoorkomen {
  readonly tijdstipRegistratie: string;
  readonly versie: number;
  readonly beginGeldigheid: string;
  readonly eindGeldigheid?: string;
  readonly tijdstipRegistratieLV?: string;
}

/** `GET /verblijfsobjecten/{id}`. */
export interface BagVerblijfsobjectAnswer {
  readonly verblijfsobject: {
    readonly identificatie: string;
    readonly type?: string;
    readonly geometrie?: BagGeometry;
    readonly heeftAlsHoofdAdres?: string;
    readonly heeftAlsNevenAdres?: readonly string[];
    readonly gebruiksdoelen?: readonly string[];
    readonly oppervlakte?: number;
    readonly status?: string;
    /** `J` or `N`. */
    readonly geconstateerd?: string;
    readonly documentdatum?: string;
    readonly documentnummer?: string;
    readonly voorkomen?: BagVoorkomen;
    readonly maaktDeelUitVan?: readonly string[];
  };
  /** What of the object is under investigation: one entry per feature. */
  readonly inonderzoek?: readonly { readonly kenmerk: string; readonly inOnderzoek: string }[];
}
