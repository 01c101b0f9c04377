import { unicodeRaw, unicodeText } from './families/values.js';
import type { Draft, Slot } from './draft.js';
import type { FuzzOperation } from './operations.js';
import type { Prng } from './prng.js';
import { slotsOf } from './valid.js';
import { DANGEROUS } from './values.js';

/** One case of the sweep: one dangerous value in one free-text input of one operation. */
export interface SweepEntry {
  readonly operation: FuzzOperation;
  apply(draft: Draft, rng: Prng): void;
}

function isText(slot: Slot): boolean {
  return (slot.schema.type ?? 'string') === 'string' && !slot.schema.enum;
}

/**
 * Every value of {@link DANGEROUS} in every free-text input, as text and as raw bytes. A small
 * random run can miss the one input where NUL reaches SQL; the sweep cannot, so it runs first.
 */
export function sweepEntries(operations: readonly FuzzOperation[]): SweepEntry[] {
  const entries: SweepEntry[] = [];
  for (const operation of operations) {
    for (const slot of slotsOf(operation).filter(isText)) {
      for (const [name, text] of Object.entries(DANGEROUS.text))
        entries.push({ operation, apply: (d, rng) => unicodeText(d, slot, name, text, rng) });
      for (const raw of slot.kind === 'body' ? DANGEROUS.json : DANGEROUS.url)
        entries.push({ operation, apply: (d, rng) => unicodeRaw(d, slot, raw, rng) });
    }
  }
  return entries;
}
