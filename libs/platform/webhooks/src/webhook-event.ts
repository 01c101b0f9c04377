/** The events the API sends; a receiver switches on `type`. */
export type WebhookEventType = 'batch.completed' | 'batch.failed' | 'spend_cap.alert';

/** The body of every webhook, in the Standard Webhooks payload shape. */
export interface WebhookEvent<D = Record<string, unknown>> {
  type: WebhookEventType;
  /** When the event happened (ISO 8601), not when this attempt was sent. */
  timestamp: string;
  data: D;
}

export function webhookEvent<D>(type: WebhookEventType, data: D, at = new Date()): WebhookEvent<D> {
  return { type, timestamp: at.toISOString(), data };
}
