/** The members of an OCPI 2.2.1 Location that we read (NDW's DOT-NL file); all may be absent. */
export interface OcpiConnector {
  readonly standard?: string | null;
  readonly format?: string | null;
  readonly power_type?: string | null;
  /** Watts. */
  readonly max_electric_power?: number | null;
}

export interface OcpiEvse {
  readonly evse_id?: string | null;
  readonly status?: string | null;
  readonly connectors?: readonly OcpiConnector[] | null;
}

export interface OcpiLocation {
  readonly id?: string;
  readonly name?: string | null;
  readonly address?: string | null;
  readonly city?: string | null;
  readonly postal_code?: string | null;
  /** Strings in OCPI: `"51.727916"`. */
  readonly coordinates?: { readonly latitude?: string; readonly longitude?: string } | null;
  readonly operator?: { readonly name?: string | null } | null;
  readonly evses?: readonly OcpiEvse[] | null;
  readonly last_updated?: string | null;
  readonly publish?: boolean;
}

/** A row of `ndw.charge_point`. */
export interface ChargePointRow {
  readonly id: string;
  readonly city_key: string | null;
  readonly postcode_key: string | null;
  readonly operator_key: string | null;
  readonly lat: number;
  readonly lon: number;
  readonly max_power_kw: number | null;
  readonly standards: string[];
  readonly available: number;
  readonly item: object;
}
