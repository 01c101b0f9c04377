import { ApiProperty } from '@nestjs/swagger';
import { IsDefined, IsString, MaxLength, ValidateIf } from 'class-validator';
import type { DeliveryLogEntry } from './deliveries.sql.js';
import type { EndpointSettings } from './webhook-endpoints.js';

/** Longest webhook URL accepted. */
export const MAX_WEBHOOK_URL_LENGTH = 2_000;

export class WebhookSettingsBody {
  @ApiProperty({
    type: String,
    nullable: true,
    example: 'https://example.com/hooks/nl-data-api',
    description:
      'The https URL events are POSTed to; its host must resolve to public addresses only. `null` removes it: no events are sent then.',
  })
  @IsDefined()
  @ValidateIf((_, value) => value !== null)
  @IsString()
  @MaxLength(MAX_WEBHOOK_URL_LENGTH)
  url: string | null;
}

class WebhookAttempt {
  @ApiProperty({ example: '2026-11-28T12:00:00.000Z' }) at: string;
  @ApiProperty({ enum: ['delivered', 'http_error', 'network_error', 'timeout', 'refused'] })
  outcome: string;
  @ApiProperty({ type: Number, nullable: true, example: 200 }) status: number | null;
  @ApiProperty({ example: 84, description: 'How long the attempt took.' }) ms: number;
}

class WebhookDelivery {
  @ApiProperty({
    example: 'msg_5c0f3a2b9d8e4f6a8b7c6d5e4f3a2b1c',
    description: 'The `webhook-id` of every attempt.',
  })
  id: string;
  @ApiProperty({ enum: ['batch.completed', 'batch.failed', 'spend_cap.alert'] }) type: string;
  @ApiProperty({ example: 'https://example.com/hooks/nl-data-api' }) url: string;
  @ApiProperty({
    enum: ['pending', 'delivered', 'failed'],
    description: '`pending` while attempts remain, `failed` once they are given up.',
  })
  state: string;
  @ApiProperty({ example: 1 }) attempts: number;
  @ApiProperty({ type: Number, nullable: true, example: 200 }) last_status: number | null;
  @ApiProperty({ type: String, nullable: true, example: 'delivered' }) last_outcome: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    example: null,
    description: 'What went wrong last.',
  })
  last_error: string | null;
  @ApiProperty({ type: [WebhookAttempt], description: 'The last 10 attempts, oldest first.' })
  recent_attempts: WebhookAttempt[];
  @ApiProperty({ example: '2026-11-28T12:00:00.000Z' }) created_at: string;
  @ApiProperty({
    type: String,
    nullable: true,
    example: null,
    description: 'When the next attempt is due; null once settled.',
  })
  next_attempt_at: string | null;
}

export class WebhookSettingsView {
  @ApiProperty({ type: String, nullable: true, example: 'https://example.com/hooks/nl-data-api' })
  url: string | null;
  @ApiProperty({ example: 'x9Q=', description: 'The last 4 characters of the signing secret.' })
  secret_hint: string;
  @ApiProperty({
    type: String,
    nullable: true,
    example: null,
    description: 'After a rotation: until when calls are also signed with the previous secret.',
  })
  previous_secret_valid_until: string | null;
  @ApiProperty({ type: [WebhookDelivery], description: 'The last 50 deliveries, newest first.' })
  deliveries: WebhookDelivery[];
}

export class WebhookSecretView {
  @ApiProperty({
    example: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw9DXOvRD6Jcg=',
    description: 'The new signing secret, shown only in this answer.',
  })
  secret: string;
  @ApiProperty({
    example: '2026-11-29T12:00:00.000Z',
    description: 'Until when the previous secret still signs too.',
  })
  previous_secret_valid_until: string;
}

export class WebhookResendView {
  @ApiProperty({ example: 'msg_5c0f3a2b9d8e4f6a8b7c6d5e4f3a2b1c' }) id: string;
  @ApiProperty({ example: 'pending' }) state: string;
}

export function settingsView(
  settings: EndpointSettings,
  log: DeliveryLogEntry[],
): WebhookSettingsView {
  return {
    url: settings.url,
    secret_hint: settings.secretHint,
    previous_secret_valid_until: settings.previousValidUntil?.toISOString() ?? null,
    deliveries: log.map((d) => ({
      id: d.id,
      type: d.type,
      url: d.url,
      state: d.state,
      attempts: d.attempts,
      last_status: d.lastStatus,
      last_outcome: d.lastOutcome,
      last_error: d.lastError,
      recent_attempts: d.recentAttempts,
      created_at: d.createdAt.toISOString(),
      next_attempt_at: d.nextAttemptAt?.toISOString() ?? null,
    })),
  };
}
