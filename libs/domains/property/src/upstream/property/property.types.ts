/** A record as the upstream sends it. TODO: the upstream's real fields. */
export interface RawPropertyRecord {
  readonly id: string;
  readonly name?: string | null;
}

/** A record as the API answers it. TODO: the fields of the product spec. */
export interface PropertyRecord {
  readonly id: string;
  readonly name: string | null;
}
