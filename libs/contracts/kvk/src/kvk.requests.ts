import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsOptional, IsString, Matches, MaxLength } from 'class-validator';

const trimmed = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? value.trim() : value;

/** The company-register number: exactly 8 digits, leading zeros kept. */
const KVK_NUMBER = /^\d{8}$/;
/** A branch number: exactly 12 digits, leading zeros kept. */
const BRANCH_NUMBER = /^\d{12}$/;

/** `GET /v1/kvk/{companyNumber}`. */
export class CompanyQuery {
  @ApiProperty({ example: '69599084', description: 'KVK number: exactly 8 digits.' })
  @IsString()
  @Matches(KVK_NUMBER, { message: 'companyNumber must be exactly 8 digits (a KVK number)' })
  companyNumber: string;

  @ApiPropertyOptional({
    example: 'NL857587973B01',
    description:
      "A VAT number to compare with the company's own (derived from its RSIN): `vat.status` becomes `match` or `mismatch`. With `vies=true` a matching number is validated; another company's number stays `mismatch` and is not sent to VIES.",
  })
  @IsOptional()
  @Transform(({ value }) =>
    typeof value === 'string' ? value.toUpperCase().replace(/[\s.-]/g, '') : value,
  )
  @IsString()
  @MaxLength(20)
  @Matches(/^[A-Z]{2}[0-9A-Z+*]{2,12}$/, {
    message: 'vat must be a VAT number with its country prefix, e.g. NL857587973B01',
  })
  vat?: string;

  @ApiPropertyOptional({
    enum: ['true', 'false'],
    example: 'true',
    description:
      "true: validate the company's own VAT number live in VIES (through our VAT service): `vat.status` becomes `valid`, `invalid` or `unavailable`. A `vat` that is not the company's stays `mismatch`, one given for a company without RSIN `unvalidated`.",
  })
  @IsOptional()
  @Transform(trimmed)
  @IsIn(['true', 'false'])
  vies?: 'true' | 'false';
}

/** `GET /v1/kvk/{companyNumber}/branch`. */
export class BranchQuery {
  @ApiProperty({ example: '69599084', description: 'KVK number: exactly 8 digits.' })
  @IsString()
  @Matches(KVK_NUMBER, { message: 'companyNumber must be exactly 8 digits (a KVK number)' })
  companyNumber: string;

  @ApiPropertyOptional({
    example: '000038509504',
    description: 'Branch number (12 digits). Without it: the main branch (hoofdvestiging).',
  })
  @IsOptional()
  @IsString()
  @Matches(BRANCH_NUMBER, { message: 'vestigingsnummer must be exactly 12 digits' })
  vestigingsnummer?: string;
}
