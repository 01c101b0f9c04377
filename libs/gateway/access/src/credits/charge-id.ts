import { randomFillSync } from 'node:crypto';

/** Random bytes drawn 4 KiB at a time: one system call for ~500 ids instead of one each. */
const pool = Buffer.alloc(4096);
let poolAt = pool.length;
let lastMs = 0;
let counter = 0;

/** One hex digit for each value up to 15, two for each byte value. */
const DIGIT = '0123456789abcdef';
const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

/** `bytes` random bytes from the pool as hex, the first of them passed through `first`. */
function randomHex(bytes: number, first: (byte: number) => number): string {
  if (poolAt + bytes > pool.length) {
    randomFillSync(pool);
    poolAt = 0;
  }
  let text = HEX[first(pool[poolAt])];
  for (let i = 1; i < bytes; i++) text += HEX[pool[poolAt + i]];
  poolAt += bytes;
  return text;
}

const variant = (byte: number) => 0x80 | (byte & 0x3f);

/**
 * A new charge id: a UUID version 7 (RFC 9562), its first 48 bits the time in milliseconds,
 * then a counter within the millisecond (the RFC's "fixed-length dedicated counter", 12 bits),
 * then 62 random bits. Ids from one process sort in the order they were made, so the ledger's
 * unique (charge_id, kind) index takes each new row at its right edge, in the page it wrote
 * last, instead of at a random leaf of a b-tree that outgrows the embedded database's 8 MB of
 * shared buffers within a few hundred thousand charges (issue 17). Ids of different processes
 * stay apart by their random bits.
 */
export function newChargeId(now: number = Date.now()): string {
  if (now > lastMs) {
    lastMs = now;
    counter = 0;
  } else if (++counter > 0xfff) {
    // 4,096 ids in one millisecond: borrow the next one, as the RFC allows.
    lastMs += 1;
    counter = 0;
  }
  // Six bytes of time as hex from the table: Number#toString(16) of a 41-bit number is slow.
  const high = Math.floor(lastMs / 0x1000000);
  const low = lastMs % 0x1000000;
  const random = randomHex(8, variant);
  return (
    HEX[high >> 16] +
    HEX[(high >> 8) & 0xff] +
    HEX[high & 0xff] +
    HEX[low >> 16] +
    '-' +
    HEX[(low >> 8) & 0xff] +
    HEX[low & 0xff] +
    '-7' +
    DIGIT[counter >> 8] +
    HEX[counter & 0xff] +
    '-' +
    random.slice(0, 4) +
    '-' +
    random.slice(4)
  );
}
