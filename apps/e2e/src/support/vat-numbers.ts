import { randomInt } from 'node:crypto';

/**
 * A Dutch VAT number with a valid check digit (elfproef) that no run has used: nothing is
 * cached or stored for it, even in a shared database, so VIES is asked.
 */
export function unusedVatNumber(): string {
  for (;;) {
    const digits = String(randomInt(10_000_000, 100_000_000));
    const sum = [...digits].reduce((total, d, i) => total + Number(d) * (9 - i), 0);
    if (sum % 11 < 10) return `NL${digits}${sum % 11}B01`;
  }
}
