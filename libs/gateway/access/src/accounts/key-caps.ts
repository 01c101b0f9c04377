import { toCredits, toHundredths, type FieldError } from '@nl/contracts-core';
import { DomainError } from '@nl/platform-errors';

/** The largest cap, in credits: the most one top-up can add. */
export const MAX_CAP_CREDITS = 10_000_000;

/** A key's spend caps as callers give and read them: credits with 2 decimals, null for none. */
export interface SpendCaps {
  readonly dailyCap: number | null;
  readonly monthlyCap: number | null;
  /** Where the dashboard warns, in percent (1–100) of a cap; stored, never enforced. */
  readonly alertPercent: number | null;
}

/** What a key spent (held + settled), in credits: today and this month, UTC. */
export interface KeySpend {
  readonly today: number;
  readonly month: number;
}

/** Field names as the forms show them, for messages a customer can act on. */
const LABELS = { dailyCap: 'Daily cap', monthlyCap: 'Monthly cap' } as const;

function capError(field: keyof typeof LABELS, value: unknown): FieldError | null {
  if (value === null) return null;
  const ok =
    typeof value === 'number' &&
    Number.isFinite(value) &&
    value > 0 &&
    value <= MAX_CAP_CREDITS &&
    Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;
  return ok
    ? null
    : {
        field,
        message: `${LABELS[field]}: enter an amount in credits with at most two decimals, like 12.50, from 0.01 to ${MAX_CAP_CREDITS.toLocaleString('en')}; or leave it empty for no cap.`,
      };
}

/**
 * Checks caps given in credits and turns them into hundredths (as `gw.api_key` stores them), or throws `validation_failed`
 * naming every bad field. The admin API validates its own DTO first; this guards every other
 * caller (the dashboard) with the same rules.
 */
export function storedCaps(caps: SpendCaps): SpendCaps {
  const errors = [
    capError('dailyCap', caps.dailyCap),
    capError('monthlyCap', caps.monthlyCap),
    caps.alertPercent === null ||
    (Number.isInteger(caps.alertPercent) && caps.alertPercent >= 1 && caps.alertPercent <= 100)
      ? null
      : {
          field: 'alertPercent',
          message:
            'Alert: enter a whole percentage from 1 to 100, like 80; or leave it empty for no alert.',
        },
  ].filter((e): e is FieldError => e !== null);
  if (errors.length) throw DomainError.validation(errors);
  const hundredths = (credits: number | null) => (credits === null ? null : toHundredths(credits));
  return {
    dailyCap: hundredths(caps.dailyCap),
    monthlyCap: hundredths(caps.monthlyCap),
    alertPercent: caps.alertPercent,
  };
}

/** A stored cap (bigint text, or null) in credits. */
export function capInCredits(stored: string | null): number | null {
  return stored === null ? null : toCredits(Number(stored));
}
