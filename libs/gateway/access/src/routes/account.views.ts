import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { TIERS, type Tier } from '@nl/contracts-core';

class EndpointTerms {
  @ApiProperty({ example: 'cbs.sbi.lookup' }) id: string;
  @ApiProperty({ example: 'GET' }) method: string;
  @ApiProperty({ type: [String], example: ['/v1/cbs/sbi/:code'] }) paths: string[];
  @ApiProperty({ example: 0.1, description: 'Credits per fresh answer.' }) price: number;
  @ApiProperty({ example: 0.1, description: 'Credits per answer served from cache.' })
  cached_price: number;
  @ApiPropertyOptional({
    example: 1,
    description:
      'Credits per answer assembled without one of its sources (only endpoints that combine several, e.g. property.pandgegevens.get).',
  })
  partial_price?: number;
  @ApiProperty({ type: Number, nullable: true, example: 60 }) limit_per_minute: number | null;
  @ApiProperty({
    description:
      'Whether you can call it here now: your tier (and subscription) includes it, it is built, and its service answers with the upstreams it needs configured on this server. False otherwise: such a call answers 403 or 503.',
  })
  available: boolean;
}

export class AccountView {
  @ApiProperty() id: string;
  @ApiProperty() name: string;
  @ApiProperty({ enum: TIERS }) tier: Tier;
  @ApiProperty({ type: [String] }) subscriptions: string[];
  @ApiProperty({ example: 99.5, description: 'Credits available now.' }) balance: number;
  @ApiProperty({ type: [EndpointTerms] }) endpoints: EndpointTerms[];
}

class UsageRow {
  @ApiProperty({ example: '2026-11-22' }) day: string;
  @ApiProperty({ example: 'cbs.sbi.lookup' }) endpoint: string;
  @ApiProperty({ example: 12 }) calls: number;
  @ApiProperty({ example: 1.2 }) credits: number;
}

export class UsageView {
  @ApiProperty({ example: 30 }) days: number;
  @ApiProperty({ type: [UsageRow] }) usage: UsageRow[];
}
