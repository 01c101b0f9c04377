import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { BLANK, CONTROL_CHARACTERS, DescribedAs, Text, nonBlankText } from '@nl/contracts-core';
import {
  IsIn,
  IsOptional,
  Validate,
  ValidatorConstraint,
  type ValidationArguments,
  type ValidatorConstraintInterface,
} from 'class-validator';
import {
  DNS_NAME_INPUT,
  DNS_QUERY_TYPES,
  dnsNamePattern,
  normaliseDnsName,
  publicDnsNameProblem,
  type DnsQueryType,
} from './dns-name.js';
import { VAT_INPUT } from './vat-input.js';
import { checkVatNumber } from './vat-number.js';

/** A VAT number's form, with the refusal saying what is wrong with it. */
const VatNumberText = (field: string) =>
  Text({
    pattern: VAT_INPUT,
    maxLength: 40,
    message: ({ value }) => {
      if (typeof value !== 'string') return `${field} must be a string`;
      const check = checkVatNumber(value);
      return check.ok ? `${field} is not a VAT number` : check.message;
    },
  });

/**
 * The vendor keyword (of the body's object rules) naming a member that must be a VAT number VIES
 * holds as valid. Only VIES can judge that; the gateway refuses what fails the check digit, and
 * VIES refuses the rest (`INVALID_REQUESTER_INFO`).
 */
export const VIES_REGISTERED_KEYWORD = 'x-vies-registered';

/** A requester's check digit, judged before VIES is asked (the form has its own rule). */
@DescribedAs({ object: { [VIES_REGISTERED_KEYWORD]: 'requester_vat_number' } })
@ValidatorConstraint({ name: 'viesRegistered' })
class RequesterCheckDigit implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    if (typeof value !== 'string' || !VAT_INPUT.test(value)) return true;
    return checkVatNumber(value).ok;
  }
  defaultMessage(args: ValidationArguments): string {
    const check = checkVatNumber(String(args.value));
    return check.ok ? 'requester_vat_number is not valid' : check.message;
  }
}

/** `POST /v1/validate/vat`. */
export class VatCheckBody {
  @ApiProperty({
    example: 'NL004495445B01',
    description:
      'VAT number with its two-letter country prefix (27 member states, EL for Greece — GR is accepted — and XI for Northern Ireland), in the form of its country, either case; one space, dot or dash is allowed between any two characters. GB numbers are not in VIES since Brexit.',
  })
  // Prefix and form, checked at the gateway so a malformed number is refused before any credit
  // is reserved; the checksum is judged by the service (a wrong check digit is an answer:
  // `valid:false`, `error:"invalid_checksum"`).
  @VatNumberText('vat_number')
  vat_number: string;

  @ApiPropertyOptional({
    example: 'BE0244142664',
    description:
      "Your own VAT number, in the same forms as `vat_number`. With it VIES registers the check as a consultation and gives it a number (`consultation.request_identifier`): the proof of a check a business keeps for a zero-rated intra-EU supply. Such a check always asks VIES (never a stored answer) and is priced as fresh. VIES refusing the requester is a 400 on this field with VIES's reason.",
  })
  @IsOptional()
  @VatNumberText('requester_vat_number')
  @Validate(RequesterCheckDigit)
  requester_vat_number?: string;
}

/** `POST /v1/validate/email` and the disposable check. */
export class EmailBody {
  @ApiProperty({
    example: 'info@example.nl',
    description: 'The e-mail address to check; spaces around it are dropped.',
  })
  @Text({
    pattern: nonBlankText(),
    maxLength: 512,
    normalise: (text) => text.trim(),
    message: '$property must not be blank',
  })
  email: string;
}

/**
 * An e-mail address whose domain can be looked up: any text, an `@`, and a public DNS name
 * (blanks around it allowed), the part after the last `@` being the domain.
 */
const DISPOSABLE_EMAIL_INPUT = new RegExp(
  `^[^${CONTROL_CHARACTERS}]*@${BLANK}*${dnsNamePattern(false)}${BLANK}*$`,
  'u',
);

/** `POST /api/v1/validate/email/disposable`: the domain of the address is what is checked. */
export class DisposableEmailBody {
  @ApiProperty({
    example: 'info@example.nl',
    description:
      'An e-mail address whose part after the last @ is a public domain name (ASCII; an internationalised domain as xn--); spaces around it are dropped.',
  })
  @Text({
    pattern: DISPOSABLE_EMAIL_INPUT,
    maxLength: 512,
    normalise: (text) => text.trim(),
    message: '$property must be an e-mail address with a public domain after the @',
  })
  email: string;
}

/** `GET /v1/lookup/dns/records`. */
export class DnsRecordsQuery {
  @ApiProperty({
    example: 'example.nl',
    description:
      'A public domain name (no IPs, no internal names), either case, trailing dot allowed; an internationalised name in its punycode (`xn--`) form.',
  })
  @Text({
    pattern: DNS_NAME_INPUT,
    normalise: normaliseDnsName,
    message: ({ property, value }) =>
      `${property} ${(typeof value === 'string' && publicDnsNameProblem(normaliseDnsName(value))) || 'must be a public DNS name (ASCII; an internationalised name as xn--)'}`,
  })
  domain: string;

  @ApiPropertyOptional({
    default: 'ALL',
    example: 'MX',
    description: 'Record type; `ALL` answers every type.',
  })
  @IsOptional()
  @IsIn(DNS_QUERY_TYPES)
  type: DnsQueryType = 'ALL';
}
