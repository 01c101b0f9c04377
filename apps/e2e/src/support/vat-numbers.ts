import { randomInt } from 'node:crypto';
import { checkVAT, germany } from 'jsvat';

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

/**
 * A German VAT number whose check digit jsvat accepts, so the check goes to VIES: a random
 * nine digits fail it nine times in ten and are answered at once, without the (slowed) fake.
 */
export function germanVatNumber(): string {
  for (;;) {
    const number = `DE${randomInt(100_000_000, 1_000_000_000)}`;
    if (checkVAT(number, [germany]).isValid) return number;
  }
}
