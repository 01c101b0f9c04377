import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { DNS_QUERY_TYPES, DNS_RECORD_TYPES, type DnsRecordType } from './dns-name.js';

export class VatCompany {
  @ApiProperty({ example: 'ABN AMRO BANK N.V.' }) name: string;
  @ApiProperty({
    type: String,
    nullable: true,
    example: 'GUSTAV MAHLERLAAN 00010\n1082PP AMSTERDAM',
    description: 'Address lines separated by a line break; null when not shared.',
  })
  address: string | null;
}

/** A check VIES registered for a requester: the proof a business keeps of it. */
export class VatConsultation {
  @ApiProperty({
    type: String,
    nullable: true,
    example: 'WAPIAAAAZJQ3K8VN',
    description:
      "VIES's consultation number (its `requestIdentifier`) for this check; null when VIES gave none.",
  })
  request_identifier: string | null;
  @ApiProperty({
    example: 'BE0244142664',
    description: 'The requester the consultation is registered for, normalised.',
  })
  requester_vat_number: string;
  @ApiProperty({
    example: '2026-11-22T10:00:00.000Z',
    description: 'When VIES registered the consultation.',
  })
  request_date: string;
}

/** The VAT validation response (spec). */
export class VatValidationResponse {
  @ApiProperty({
    type: Boolean,
    nullable: true,
    description: 'null when the member state could not be asked and no stored answer exists.',
  })
  valid: boolean | null;
  @ApiProperty({ example: 'NL004495445B01' }) vat_number: string;
  @ApiProperty({
    example: 'NL',
    description: 'VIES country code (EL for Greece, XI for Northern Ireland).',
  })
  country_code: string;
  @ApiProperty({
    example: '2026-11-22T10:00:00.000Z',
    description: 'When the member state answered.',
  })
  request_date: string;
  @ApiProperty({
    type: VatCompany,
    nullable: true,
    description: 'null where the member state does not share name and address (e.g. DE).',
  })
  company: VatCompany | null;
  @ApiProperty({
    type: String,
    nullable: true,
    example: null,
    description: 'null, or: invalid_checksum, ms_unavailable.',
  })
  error: string | null;
  @ApiProperty({ example: 'The VAT number is valid.' }) message: string;
  @ApiPropertyOptional({
    type: VatConsultation,
    description:
      'Present only on a check made with `requester_vat_number`: the consultation VIES registered.',
  })
  consultation?: VatConsultation;
}

export class EmailChecks {
  @ApiProperty() format: boolean;
  @ApiProperty() domain_exists: boolean;
  @ApiProperty() has_mx_record: boolean;
  @ApiProperty() is_disposable: boolean;
}

/** The e-mail validation response (spec); 422 carries the same body with `valid:false`. */
export class EmailValidationResponse {
  @ApiProperty() valid: boolean;
  @ApiProperty({ example: 'info@example.nl' }) email: string;
  @ApiProperty({ type: EmailChecks }) checks: EmailChecks;
  @ApiProperty({ example: 'The address is well-formed and its domain accepts mail.' })
  message: string;
}

/** The disposable-domain response (spec). */
export class DisposableResponse {
  @ApiProperty() disposable: boolean;
  @ApiProperty({ example: 'someone@mailinator.com' }) email: string;
  @ApiProperty({ example: 'mailinator.com' }) domain: string;
  @ApiProperty({ example: 'mailinator.com is on the disposable-domain list.' }) message: string;
}

/** One DNS record; members depend on the type. */
export class DnsRecord {
  @ApiProperty({ enum: DNS_RECORD_TYPES }) type: DnsRecordType;
  @ApiProperty({ example: 'example.nl', description: 'Owner name of the record.' }) domain: string;
  @ApiPropertyOptional({ example: 300 }) ttl?: number;
  @ApiPropertyOptional({ example: 10, description: 'MX preference or SRV priority.' }) pri?: number;
  @ApiPropertyOptional({
    example: 'mx1.example.nl',
    description:
      'Address (A, AAAA), name (CNAME, NS, PTR, MX, SRV, SOA primary server) or text (TXT).',
  })
  target?: string;
  @ApiPropertyOptional({ description: 'SRV weight.' }) weight?: number;
  @ApiPropertyOptional({ description: 'SRV port.' }) port?: number;
  @ApiPropertyOptional({ description: 'SOA responsible mailbox.' }) hostmaster?: string;
  @ApiPropertyOptional({ description: 'SOA serial.' }) serial?: number;
  @ApiPropertyOptional({ description: 'SOA refresh, seconds.' }) refresh?: number;
  @ApiPropertyOptional({ description: 'SOA retry, seconds.' }) retry?: number;
  @ApiPropertyOptional({ description: 'SOA expire, seconds.' }) expire?: number;
  @ApiPropertyOptional({ description: 'SOA minimum TTL, seconds.' }) minimum_ttl?: number;
}

/** The DNS response (spec). */
export class DnsRecordsResponse {
  @ApiProperty({ example: 'example.nl' }) domain: string;
  @ApiProperty({ enum: DNS_QUERY_TYPES, example: 'ALL' }) type: string;
  @ApiProperty() found: boolean;
  @ApiProperty({ type: [DnsRecord] }) records: DnsRecord[];
}
