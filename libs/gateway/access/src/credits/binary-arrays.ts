/**
 * One-dimensional PostgreSQL arrays in the binary wire format, for the credit statements'
 * parameters. node-postgres sends a Buffer parameter as binary, and the server then reads it
 * with `array_recv` (fixed-size copies) instead of parsing text (`uuid_in`, `timestamptz_in` per
 * element): on PGlite that halves the cost of handing a commit's rows over (issue 17).
 *
 * Layout: dimensions (1), has-nulls flag, element type OID, length, lower bound (1), then each
 * element as its byte length (-1 for NULL) and its bytes.
 */

const OIDS = { uuid: 2950, text: 25, int8: 20, timestamptz: 1184, date: 1082 } as const;
type ElementType = keyof typeof OIDS;

/** Midnight UTC of 2000-01-01, PostgreSQL's epoch for dates and timestamps. */
const PG_EPOCH_MS = Date.UTC(2000, 0, 1);
const DAY_MS = 86_400_000;
const HEADER_BYTES = 20;

function encode<T>(
  type: ElementType,
  values: readonly (T | null | undefined)[],
  sizeOf: (value: T) => number,
  write: (buffer: Buffer, at: number, value: T) => void,
): Buffer {
  let size = HEADER_BYTES + 4 * values.length;
  let nulls = 0;
  for (const value of values) {
    if (value === null || value === undefined) nulls = 1;
    else size += sizeOf(value);
  }
  const buffer = Buffer.allocUnsafe(size);
  buffer.writeInt32BE(1, 0);
  buffer.writeInt32BE(nulls, 4);
  buffer.writeInt32BE(OIDS[type], 8);
  buffer.writeInt32BE(values.length, 12);
  buffer.writeInt32BE(1, 16);
  let at = HEADER_BYTES;
  for (const value of values) {
    if (value === null || value === undefined) {
      buffer.writeInt32BE(-1, at);
      at += 4;
      continue;
    }
    const length = sizeOf(value);
    buffer.writeInt32BE(length, at);
    write(buffer, at + 4, value);
    at += 4 + length;
  }
  return buffer;
}

/** An encoder for elements of one size. */
const fixedSize =
  <T>(type: ElementType, size: number, write: (buffer: Buffer, at: number, value: T) => void) =>
  (values: readonly (T | null | undefined)[]): Buffer =>
    encode(type, values, () => size, write);

/** Each ASCII code's value as a hex digit, or -1. */
const HEX_DIGIT = new Int8Array(128).fill(-1);
for (const [from, to, value] of [
  ['0', '9', 0],
  ['a', 'f', 10],
  ['A', 'F', 10],
] as const)
  for (let c = from.charCodeAt(0); c <= to.charCodeAt(0); c++)
    HEX_DIGIT[c] = value + c - from.charCodeAt(0);

/** Where a UUID's 32 digits start, two by two (the rest of its 36 characters are dashes). */
const UUID_PAIRS = [0, 2, 4, 6, 9, 11, 14, 16, 19, 21, 24, 26, 28, 30, 32, 34];
const UUID_DASHES = [8, 13, 18, 23];

/**
 * A UUID's 16 bytes, read straight from its text: a commit carries some hundred of them (the
 * delivery list), so no regular expression and no intermediate string per id.
 */
function writeUuid(buffer: Buffer, at: number, value: string): void {
  let bad = value.length !== 36 || UUID_DASHES.some((i) => value.charCodeAt(i) !== 0x2d);
  for (let i = 0; !bad && i < 16; i++) {
    const high = HEX_DIGIT[value.charCodeAt(UUID_PAIRS[i])] ?? -1;
    const low = HEX_DIGIT[value.charCodeAt(UUID_PAIRS[i] + 1)] ?? -1;
    bad = high < 0 || low < 0;
    buffer[at + i] = (high << 4) | low;
  }
  if (bad) throw new TypeError(`not a UUID: ${value}`);
}

export const uuidArray = fixedSize<string>('uuid', 16, writeUuid);

export function textArray(values: readonly (string | null | undefined)[]): Buffer {
  return encode('text', values, Buffer.byteLength, (buffer, at, value) => {
    buffer.write(value, at, 'utf8');
  });
}

export const int8Array = fixedSize<number>('int8', 8, (buffer, at, value) => {
  if (!Number.isSafeInteger(value)) throw new TypeError(`not a whole number: ${value}`);
  buffer.writeBigInt64BE(BigInt(value), at);
});

/** Instants, to the millisecond JavaScript keeps (PostgreSQL counts microseconds). */
export const timestamptzArray = fixedSize<Date>('timestamptz', 8, (buffer, at, value) => {
  const ms = value.getTime();
  if (!Number.isFinite(ms)) throw new TypeError('not a valid date');
  buffer.writeBigInt64BE(BigInt(ms - PG_EPOCH_MS) * 1000n, at);
});

/** Calendar days given as `YYYY-MM-DD`. */
export const dateArray = fixedSize<string>('date', 4, (buffer, at, value) => {
  const ms = Date.parse(`${value}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || !Number.isFinite(ms))
    throw new TypeError(`not a day: ${value}`);
  buffer.writeInt32BE((ms - PG_EPOCH_MS) / DAY_MS, at);
});
