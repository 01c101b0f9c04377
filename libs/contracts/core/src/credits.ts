/**
 * Credits are kept as integer hundredths everywhere inside (prices, balances, the ledger), so
 * sums never drift; people and API answers see credits. These are the only conversions.
 */
export function toHundredths(credits: number): number {
  return Math.round(credits * 100);
}

export function toCredits(hundredths: number): number {
  return hundredths / 100;
}

/** Hundredths as credits with two decimals, as in `X-Credits-Charged`: 10 → "0.10". */
export function formatCredits(hundredths: number): string {
  return toCredits(hundredths).toFixed(2);
}
