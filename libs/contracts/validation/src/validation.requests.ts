import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  IsIn,
  IsNotEmpty,
  IsOptional,
  IsString,
  MaxLength,
  Validate,
  ValidatorConstraint,
  type ValidationArguments,
  type ValidatorConstraintInterface,
} from 'class-validator';
import { domainToASCII } from 'node:url';
import { DNS_QUERY_TYPES, isAscii, publicDnsNameProblem, type DnsQueryType } from './dns-name.js';
import { checkVatNumber } from './vat-number.js';

const trimmed = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? value.trim() : value;

/**
 * Prefix and format, checked at the gateway so a malformed number is refused before any credit
 * is reserved; the checksum is judged by the service (a wrong check digit is an answer:
 * `valid:false`, `error:"invalid_checksum"`).
 */
@ValidatorConstraint({ name: 'vatNumberFormat' })
class VatNumberFormat implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    if (typeof value !== 'string') return false;
    const check = checkVatNumber(value);
    return check.ok || check.reason === 'invalid_checksum';
  }
  defaultMessage(args: ValidationArguments): string {
    const check = checkVatNumber(String(args.value));
    return check.ok ? `${args.property} is not a VAT number` : check.message;
  }
}

/** `POST /v1/validate/vat`. */
export class VatCheckBody {
  @ApiProperty({
    example: 'NL004495445B01',
    description:
      'VAT number with its two-letter country prefix (27 member states, EL for Greece — GR is accepted — and XI for Northern Ireland). Spaces, dots and dashes are ignored.',
  })
  @Transform(trimmed)
  @IsString()
  @IsNotEmpty()
  @MaxLength(40)
  @Validate(VatNumberFormat)
  vat_number: string;
}

/** `POST /v1/validate/email` and the disposable check. */
export class EmailBody {
  @ApiProperty({ example: 'info@example.nl', description: 'The e-mail address to check.' })
  @Transform(trimmed)
  @IsString()
  @IsNotEmpty()
  @MaxLength(512)
  email: string;
}

@ValidatorConstraint({ name: 'publicDnsName' })
class PublicDnsName implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    return typeof value === 'string' && publicDnsNameProblem(value) === null;
  }
  defaultMessage(args: ValidationArguments): string {
    return `${args.property} ${publicDnsNameProblem(String(args.value)) ?? 'is not a public DNS name'}`;
  }
}

/** A name as typed: trimmed, lower case, trailing root dot dropped, IDN as punycode. */
function dnsName({ value }: { value: unknown }): unknown {
  if (typeof value !== 'string') return value;
  const name = value.trim().toLowerCase().replace(/\.$/, '');
  if (name.length > 253 || isAscii(name)) return name;
  return domainToASCII(name) || name;
}

/** `GET /v1/lookup/dns/records`. */
export class DnsRecordsQuery {
  @ApiProperty({
    example: 'example.nl',
    description: 'A public domain name (no IPs, no internal names).',
  })
  @Transform(dnsName)
  @IsString()
  @Validate(PublicDnsName)
  domain: string;

  @ApiPropertyOptional({
    enum: DNS_QUERY_TYPES,
    default: 'ALL',
    example: 'MX',
    description: 'Record type, case-insensitive; `ALL` answers every type.',
  })
  @IsOptional()
  @Transform(({ value }) => (typeof value === 'string' ? value.trim().toUpperCase() : value))
  @IsIn(DNS_QUERY_TYPES)
  type: DnsQueryType = 'ALL';
}
