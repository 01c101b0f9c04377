import { Inject, Injectable } from '@nestjs/common';
import { formatCredits } from '@nl/contracts-core';
import { SpendCapAlerts, type SpendCapReached } from '@nl/gateway-ledger';
import { LOGGER, type Logger } from '@nl/platform-logging';
import { createHash } from 'node:crypto';
import { WebhookOutbox } from './webhook-outbox.js';

/** Keys this process has alerted for; cleared when full (the database still holds each once). */
const MAX_REMEMBERED = 10_000;

/**
 * The message id of a key's alert for one period: the same on every replica and after a
 * restart, so the outbox stores the alert once per key per period however often it is raised.
 */
export function spendCapAlertId(keyId: string, cap: Pick<SpendCapReached, 'period' | 'resetsAt'>) {
  const digest = createHash('sha256').update(
    `spend_cap.alert|${keyId}|${cap.period}|${cap.resetsAt}`,
  );
  return `msg_${digest.digest('hex').slice(0, 32)}`;
}

/**
 * `spend_cap.alert` for a key refused by its cap: at most once per key per period (day or
 * month), however hard a client hammers the capped key. The first refusal of a period in this
 * process stores it (a deterministic message id makes a second store, by another replica or
 * after a restart, a no-op); later refusals of the period stop at a map lookup. The 402 never
 * waits for any of it.
 */
@Injectable()
export class WebhookSpendCapAlerts extends SpendCapAlerts {
  private readonly alerted = new Map<string, string>();

  constructor(
    private readonly outbox: WebhookOutbox,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    super();
  }

  capReached(accountId: string, keyId: string, cap: SpendCapReached): void {
    const remembered = `${keyId}|${cap.period}`;
    if (this.alerted.get(remembered) === cap.resetsAt) return;
    if (this.alerted.size >= MAX_REMEMBERED) this.alerted.clear();
    this.alerted.set(remembered, cap.resetsAt);
    const data = {
      key_id: keyId,
      period: cap.period,
      cap: formatCredits(cap.cap),
      spent: formatCredits(cap.spent),
      resets_at: cap.resetsAt,
    };
    this.outbox
      .raiseOnce(spendCapAlertId(keyId, cap), accountId, 'spend_cap.alert', data)
      .catch((error: unknown) => {
        // Forgotten, so a later refusal of the period tries again.
        this.alerted.delete(remembered);
        this.logger.error({ err: error, keyId }, 'spend_cap.alert could not be raised');
      });
  }
}
