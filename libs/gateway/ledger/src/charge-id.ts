import { randomBytes } from 'node:crypto';

const DIGITS = '0123456789abcdef';
/** The RFC variant (binary 10) in a UUID's 17th digit, from any hex digit's two low bits. */
const VARIANT = '89ab';

/** Random hex digits, from 4 KiB of random bytes at a time: one system call for 512 ids. */
let randomDigits = '';
let randomAt = 0;

function randomHex(digits: number): string {
  if (randomAt + digits > randomDigits.length) {
    randomDigits = randomBytes(4096).toString('hex');
    randomAt = 0;
  }
  return randomDigits.slice(randomAt, (randomAt += digits));
}

let lastMs = 0;
let counter = 0;
/** The id's first 13 characters for `lastMs`: the 48 bits of time, made once a millisecond. */
let timePrefix = '';

/**
 * A new charge id: a UUID version 7 (RFC 9562), its first 48 bits the time in milliseconds,
 * then a counter within the millisecond (the RFC's "fixed-length dedicated counter", 12 bits),
 * then 62 random bits. Ids from one process sort in the order they were made, so the ledger's
 * unique (charge_id, kind) index takes each new row at its right edge, in the page it wrote
 * last, instead of at a random leaf of a b-tree that outgrows the embedded database's 8 MB of
 * shared buffers within a few hundred thousand charges. Ids of different processes
 * stay apart by their random bits.
 */
export function newChargeId(now: number = Date.now()): string {
  if (now > lastMs) {
    lastMs = now;
    counter = 0;
    timePrefix = '';
  } else if (++counter > 0xfff) {
    // 4,096 ids in one millisecond: borrow the next one, as the RFC allows.
    lastMs += 1;
    counter = 0;
    timePrefix = '';
  }
  if (!timePrefix) {
    const time = lastMs.toString(16).padStart(12, '0');
    timePrefix = `${time.slice(0, 8)}-${time.slice(8)}-7`;
  }
  const random = randomHex(16);
  return (
    timePrefix +
    DIGITS[counter >> 8] +
    DIGITS[(counter >> 4) & 0xf] +
    DIGITS[counter & 0xf] +
    '-' +
    VARIANT[parseInt(random[0], 16) & 3] +
    random.slice(1, 4) +
    '-' +
    random.slice(4)
  );
}
