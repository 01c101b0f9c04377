import { Text } from '@nl/contracts-core';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';

/** The company-register number: exactly 8 digits, leading zeros kept. */
const KvkNumber = () =>
  Text({
    pattern: /^[0-9]{8}$/u,
    message: 'companyNumber must be exactly 8 digits (a KVK number)',
  });

/**
 * A VAT number to compare: a country prefix and 2 to 12 letters, digits, `+` or `*`, in either
 * case, one space, dot or hyphen allowed between any two characters; read without them, in
 * upper case.
 */
const VAT_INPUT = /^[A-Za-z](?:[ .-]?[A-Za-z])(?:[ .-]?[0-9A-Za-z+*]){2,12}$/u;

/** `GET /v1/kvk/{companyNumber}`. */
export class CompanyQuery {
  @ApiProperty({ example: '69599084', description: 'KVK number: exactly 8 digits.' })
  @KvkNumber()
  companyNumber: string;

  @ApiPropertyOptional({
    example: 'NL857587973B01',
    description:
      "A VAT number to compare with the company's own (derived from its RSIN): `vat.status` becomes `match` or `mismatch`. With `vies=true` a matching number is validated; another company's number stays `mismatch` and is not sent to VIES.",
  })
  @IsOptional()
  @Text({
    pattern: VAT_INPUT,
    normalise: (text) => text.toUpperCase().replace(/[ .-]/g, ''),
    message: 'vat must be a VAT number with its country prefix, e.g. NL857587973B01',
  })
  vat?: string;

  @ApiPropertyOptional({
    example: 'true',
    description:
      "true: validate the company's own VAT number live in VIES (through our VAT service): `vat.status` becomes `valid`, `invalid` or `unavailable`. A `vat` that is not the company's stays `mismatch`, one given for a company without RSIN `unvalidated`.",
  })
  @IsOptional()
  @IsIn(['true', 'false'])
  vies?: 'true' | 'false';
}

/** `GET /v1/kvk/{companyNumber}/branch`. */
export class BranchQuery {
  @ApiProperty({ example: '69599084', description: 'KVK number: exactly 8 digits.' })
  @KvkNumber()
  companyNumber: string;

  @ApiPropertyOptional({
    example: '000038509504',
    description: 'Branch number (12 digits). Without it: the main branch (hoofdvestiging).',
  })
  @IsOptional()
  @Text({
    pattern: /^[0-9]{12}$/u,
    message: 'vestigingsnummer must be exactly 12 digits',
  })
  vestigingsnummer?: string;
}
