import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { describedEnum } from './described-enum.js';
import { KvkSbiActivity } from './kvk-sbi-activity.js';

const YES_NO = ['Ja', 'Nee'];

export class KvkTradeName {
  @ApiProperty({ example: 'Test EMZ Dagobert' }) naam: string;
  @ApiProperty({ example: 0 }) volgorde: number;
}

/** A link to one of our own resources (never the register's host). */
export class KvkLink {
  @ApiProperty({ example: 'self' }) rel: string;
  @ApiProperty({ example: '/v1/kvk/69599084' }) href: string;
}

/** One address of a branch or an owner, as the register holds it; absent members are left out. */
export class KvkAddress {
  @ApiProperty({ enum: ['bezoekadres', 'correspondentieadres'], example: 'bezoekadres' })
  type: string;
  @ApiProperty({ enum: YES_NO, example: 'Nee', description: 'Ja: the address is shielded.' })
  indAfgeschermd: string;
  @ApiPropertyOptional({ example: 'Abebe Bikilalaan 17 M 1034WL Amsterdam' })
  volledigAdres?: string;
  @ApiPropertyOptional({ example: 'Abebe Bikilalaan' }) straatnaam?: string;
  @ApiPropertyOptional({ example: 17 }) huisnummer?: number;
  @ApiPropertyOptional({ example: 'M' }) huisletter?: string;
  @ApiPropertyOptional({ example: 'A' }) huisnummerToevoeging?: string;
  @ApiPropertyOptional({ example: '1034WL' }) postcode?: string;
  @ApiPropertyOptional({ example: 200 }) postbusnummer?: number;
  @ApiPropertyOptional({ example: 'Amsterdam' }) plaats?: string;
  @ApiPropertyOptional({ example: 'Nederland' }) land?: string;
}

export class KvkMainBranch {
  @ApiProperty({ example: '000038509504' }) vestigingsnummer: string;
  @ApiProperty({ type: String, nullable: true, example: 'Test EMZ Dagobert' })
  eersteHandelsnaam: string | null;
  @ApiProperty({ enum: YES_NO, example: 'Ja' }) indHoofdvestiging: string;
  @ApiProperty({ enum: YES_NO, example: 'Ja' }) indCommercieleVestiging: string;
  @ApiProperty({ type: [KvkAddress] }) adressen: KvkAddress[];
}

/**
 * Every `vat.status` and when it occurs. Ownership is judged before validity: VIES is asked
 * only about the company's own number, so another company's number stays `mismatch`.
 */
export const VAT_STATUS_MEANINGS = {
  unknown:
    'No number to judge: the company has no RSIN (a sole proprietorship) and no `vat` was given.',
  unvalidated:
    "A number nobody validated: the company's own number derived from its RSIN without `vies=true`, or a `vat` given for a company without RSIN, whose ownership the register cannot tell (never sent to VIES; `POST /v1/validate/vat` judges any number).",
  match:
    "The `vat` given is the company's own number (the one derived from its RSIN); without `vies=true` its validity is not checked.",
  mismatch:
    "The `vat` given is not the company's own number. It stays `mismatch` with `vies=true` too, whatever VIES would say of it: it is not sent to VIES, and `valid` stays null.",
  valid:
    "With `vies=true`: VIES confirms the company's own number (derived, or the `vat` given when it matches).",
  invalid: "With `vies=true`: VIES says the company's own number is not a valid VAT number.",
  unavailable:
    "With `vies=true`: the company's own number could not be checked (VIES or the member state did not answer); the profile is still answered.",
} as const;
export type VatStatus = keyof typeof VAT_STATUS_MEANINGS;
export const VAT_STATUSES = Object.keys(VAT_STATUS_MEANINGS) as VatStatus[];

export class KvkVat {
  @ApiProperty({
    type: String,
    nullable: true,
    example: 'NL857587973B01',
    description:
      "The company's VAT number as derived from its RSIN (NL + RSIN + B01), or the `vat` given; null when neither exists (a sole proprietorship has no RSIN).",
  })
  number: string | null;
  @ApiProperty({ type: String, nullable: true, example: '857587973' }) rsin: string | null;
  @ApiProperty({
    type: Boolean,
    nullable: true,
    description: "The number's check digits, computed locally; null without a number.",
  })
  checksumValid: boolean | null;
  @ApiProperty({
    type: Boolean,
    nullable: true,
    description:
      "VIES verdict on the company's own number with `vies=true`; null otherwise, for a number that is not (or cannot be tied to) the company's, or when VIES was unavailable.",
  })
  valid: boolean | null;
  @ApiProperty(
    describedEnum(
      VAT_STATUS_MEANINGS,
      'What is known of the number, ownership first:',
      'unvalidated',
    ),
  )
  status: VatStatus;
  @ApiProperty({ type: String, nullable: true, example: null, description: 'When VIES answered.' })
  validatedAt: string | null;
}

/** `GET /v1/kvk/{companyNumber}`: the spec's company base profile. */
export class CompanyProfileResponse {
  @ApiProperty({ example: '69599084' }) kvkNummer: string;
  @ApiProperty({ type: String, nullable: true, example: 'Test EMZ Dagobert' }) naam: string | null;
  @ApiProperty({ type: String, nullable: true, enum: YES_NO, example: 'Ja' })
  indNonMailing: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    example: '20170710',
    description: 'Compact date YYYYMMDD.',
  })
  formeleRegistratiedatum: string | null;
  @ApiProperty({ type: [KvkTradeName] }) handelsnamen: KvkTradeName[];
  @ApiProperty({ type: [KvkSbiActivity] }) sbiActiviteiten: KvkSbiActivity[];
  @ApiProperty({ description: 'False once the registration has ended.' }) actief: boolean;
  @ApiProperty({ type: KvkMainBranch, nullable: true }) hoofdvestiging: KvkMainBranch | null;
  @ApiProperty({ type: KvkVat }) vat: KvkVat;
  @ApiProperty({ example: '2026-11-24T10:00:00.000Z', description: 'When the register was read.' })
  lastFetchedAt: string;
  @ApiProperty({ type: [KvkLink] }) links: KvkLink[];
}

/** `GET /v1/kvk/{companyNumber}/branch`: the spec's branch profile. */
export class BranchProfileResponse {
  @ApiProperty({ example: '000038509504' }) vestigingsnummer: string;
  @ApiProperty({ example: '69599084' }) kvkNummer: string;
  @ApiProperty({ type: String, nullable: true, example: 'Test EMZ Dagobert' })
  eersteHandelsnaam: string | null;
  @ApiProperty({ enum: YES_NO, example: 'Ja' }) indHoofdvestiging: string;
  @ApiProperty({ enum: YES_NO, example: 'Ja' }) indCommercieleVestiging: string;
  @ApiProperty({ type: [KvkTradeName] }) handelsnamen: KvkTradeName[];
  @ApiProperty({ type: [KvkAddress] }) adressen: KvkAddress[];
  @ApiProperty({ type: [String], example: ['www.example.nl'] }) websites: string[];
  @ApiProperty({ type: [KvkSbiActivity] }) sbiActiviteiten: KvkSbiActivity[];
  @ApiProperty({ example: '2026-11-24T10:00:00.000Z' }) lastFetchedAt: string;
  @ApiProperty({ type: [KvkLink] }) links: KvkLink[];
}

/** 404 of both endpoints: the register has no such company or branch. */
export class KvkNotFound {
  @ApiProperty({ example: false }) found: false;
  @ApiProperty({ type: Object, nullable: true, example: null }) result: null;
  @ApiProperty({ example: 'The company register has no company 12345678.' }) message: string;
}
