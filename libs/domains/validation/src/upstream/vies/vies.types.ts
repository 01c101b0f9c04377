/** Raw shapes of the VIES REST API; never exported from the lib. */

/** The fields of a VIES `check-vat-number` answer we use (swagger `CheckVatResponse`). */
export interface ViesCheckAnswer {
  readonly countryCode?: string;
  readonly vatNumber?: string;
  readonly requestDate?: string;
  readonly valid?: boolean;
  readonly name?: string | null;
  readonly address?: string | null;
  /** The consultation number, given when the check names a requester (else empty). */
  readonly requestIdentifier?: string;
  /** The GET form and some failures carry the outcome here instead. */
  readonly isValid?: boolean;
  readonly userError?: string;
}

/** What VIES said, once its two error styles are told apart. */
export type ViesOutcome =
  | { readonly kind: 'answer'; readonly answer: ViesCheckAnswer; readonly valid: boolean }
  | { readonly kind: 'error'; readonly code: string; readonly message: string };
