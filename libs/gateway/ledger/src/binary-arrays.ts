/**
 * One-dimensional PostgreSQL arrays in the binary wire format, for the credit statements'
 * parameters. node-postgres sends a Buffer parameter as binary, and the server then reads it
 * with `array_recv` (fixed-size copies) instead of parsing text (`uuid_in`, `timestamptz_in` per
 * element): on PGlite that halves the cost of handing a commit's rows over.
 *
 * Layout: dimensions (1), has-nulls flag, element type OID, length, lower bound (1), then each
 * element as its byte length (-1 for NULL) and its bytes.
 */

const OIDS = { uuid: 2950, text: 25, int8: 20, timestamptz: 1184, date: 1082 } as const;

/** How the elements of one type are written: their size in bytes and their bytes. */
interface ElementType<T> {
  readonly oid: number;
  sizeOf(value: T): number;
  write(buffer: Buffer, at: number, value: T): void;
  /**
   * Whether an element equal to the one before it is copied from it rather than written again:
   * for types whose writing costs more than copying ~20 bytes (a UUID's parsing, text's
   * encoding), where a batch repeats values (the account, the endpoint, the kind).
   */
  readonly repeats?: boolean;
}

/** Midnight UTC of 2000-01-01, PostgreSQL's epoch for dates and timestamps. */
const PG_EPOCH_MS = Date.UTC(2000, 0, 1);
const DAY_MS = 86_400_000;
const HEADER_BYTES = 20;
/** The most a cleared array keeps of its buffer (~20k charges' ids in a uuid column). */
const KEPT_BYTES = 1 << 20;

/**
 * An array built element by element, its bytes growing in one buffer. The group commit's batch
 * writes each charge into its columns when the charge is journaled, so nothing of the charge
 * stays on the JavaScript heap until the commit (the closings kept alive ~250 ms for
 * the commit doubled what each young-generation collection had to copy).
 */
export class BinaryArray<T> {
  private bytes: Buffer;
  private at = HEADER_BYTES;
  private count = 0;
  private nulls = 0;
  /** The last element written, and where its bytes (length included) start: see `repeats`. */
  private last: T | undefined;
  private lastAt = -1;

  constructor(
    private readonly type: ElementType<T>,
    capacity = 256,
  ) {
    this.bytes = Buffer.allocUnsafe(HEADER_BYTES + capacity);
  }

  get length(): number {
    return this.count;
  }

  push(value: T | null | undefined): void {
    if (value === null || value === undefined) {
      this.room(4).writeInt32BE(-1, this.at);
      this.at += 4;
      this.nulls = 1;
    } else if (value === this.last) {
      this.copyLast();
    } else {
      const size = this.type.sizeOf(value);
      const bytes = this.room(4 + size);
      bytes.writeInt32BE(size, this.at);
      this.type.write(bytes, this.at + 4, value);
      if (this.type.repeats) {
        this.last = value;
        this.lastAt = this.at;
      }
      this.at += 4 + size;
    }
    this.count++;
  }

  /** Writes the last element again (a third of a charge's columns repeat). */
  private copyLast(): void {
    const from = this.lastAt;
    const size = 4 + this.bytes.readInt32BE(from);
    const bytes = this.room(size);
    // An element is a few dozen bytes: a loop, not a native call.
    for (let i = 0; i < size; i++) bytes[this.at + i] = bytes[from + i];
    this.at += size;
  }

  /**
   * Empties the array for the next batch, keeping its buffer (up to {@link KEPT_BYTES}): a
   * batch's columns are then written into memory that is already there, instead of growing
   * new buffers every time.
   */
  clear(): void {
    if (this.bytes.length > KEPT_BYTES) this.bytes = Buffer.allocUnsafe(HEADER_BYTES + 256);
    this.at = HEADER_BYTES;
    this.count = 0;
    this.nulls = 0;
    this.last = undefined;
  }

  /** Appends `other`'s elements after this array's own. */
  append(other: BinaryArray<T>): void {
    const size = other.at - HEADER_BYTES;
    other.bytes.copy(this.room(size), this.at, HEADER_BYTES, other.at);
    this.at += size;
    this.count += other.count;
    this.nulls |= other.nulls;
    this.last = undefined;
  }

  /** The array in PostgreSQL's binary format, sharing this builder's bytes until its next push. */
  toBuffer(): Buffer {
    const bytes = this.bytes;
    bytes.writeInt32BE(1, 0);
    bytes.writeInt32BE(this.nulls, 4);
    bytes.writeInt32BE(this.type.oid, 8);
    bytes.writeInt32BE(this.count, 12);
    bytes.writeInt32BE(1, 16);
    return bytes.subarray(0, this.at);
  }

  private room(bytes: number): Buffer {
    if (this.at + bytes > this.bytes.length) {
      const grown = Buffer.allocUnsafe(Math.max(this.bytes.length * 2, this.at + bytes));
      this.bytes.copy(grown, 0, 0, this.at);
      this.bytes = grown;
    }
    return this.bytes;
  }
}

/** An encoder of whole lists of `type`'s values, and its element type for builders. */
type Encoder<T> = ((values: readonly (T | null | undefined)[]) => Buffer) & {
  readonly type: ElementType<T>;
};

function encoder<T>(type: ElementType<T>, elementSize?: number): Encoder<T> {
  const encode = (values: readonly (T | null | undefined)[]): Buffer => {
    // Of a fixed size, the array is allocated once, exactly; text grows as it goes.
    const array = new BinaryArray(
      type,
      elementSize ? (4 + elementSize) * values.length : undefined,
    );
    for (const value of values) array.push(value);
    return array.toBuffer();
  };
  return Object.assign(encode, { type });
}

/** An element type whose values all take `size` bytes. */
const fixedSize = <T>(
  name: keyof typeof OIDS,
  size: number,
  write: (buffer: Buffer, at: number, value: T) => void,
  repeats = false,
): Encoder<T> => encoder({ oid: OIDS[name], sizeOf: () => size, write, repeats }, size);

/** Each ASCII code's value as a hex digit, or -1. */
const HEX_DIGIT = new Int8Array(128).fill(-1);
for (const [from, to, value] of [
  ['0', '9', 0],
  ['a', 'f', 10],
  ['A', 'F', 10],
] as const)
  for (let c = from.charCodeAt(0); c <= to.charCodeAt(0); c++)
    HEX_DIGIT[c] = value + c - from.charCodeAt(0);

/** Where a UUID's 32 digits start, two by two (characters 8, 13, 18 and 23 are dashes). */
const UUID_PAIRS = [0, 2, 4, 6, 9, 11, 14, 16, 19, 21, 24, 26, 28, 30, 32, 34];

/**
 * A UUID's 16 bytes, read straight from its text: a commit carries some hundred of them (the
 * delivery list), so no regular expression and no intermediate string per id.
 */
function writeUuid(buffer: Buffer, at: number, value: string): void {
  let bad =
    value.length !== 36 ||
    value.charCodeAt(8) !== 0x2d ||
    value.charCodeAt(13) !== 0x2d ||
    value.charCodeAt(18) !== 0x2d ||
    value.charCodeAt(23) !== 0x2d;
  for (let i = 0; !bad && i < 16; i++) {
    const high = HEX_DIGIT[value.charCodeAt(UUID_PAIRS[i])] ?? -1;
    const low = HEX_DIGIT[value.charCodeAt(UUID_PAIRS[i] + 1)] ?? -1;
    bad = high < 0 || low < 0;
    buffer[at + i] = (high << 4) | low;
  }
  if (bad) throw new TypeError(`not a UUID: ${value}`);
}

export const uuidArray = fixedSize<string>('uuid', 16, writeUuid, true);

export const textArray = encoder<string>({
  oid: OIDS.text,
  sizeOf: (value) => Buffer.byteLength(value),
  write: (buffer, at, value) => buffer.write(value, at, 'utf8'),
  repeats: true,
});

/**
 * A safe integer as a big-endian 64-bit two's complement, in two 32-bit halves: no BigInt per
 * element (a heap object each, ~400 bytes a paid call in the group commit's columns).
 */
function writeInt64(buffer: Buffer, at: number, value: number): void {
  const high = Math.floor(value / 0x1_0000_0000);
  buffer.writeInt32BE(high, at);
  buffer.writeUInt32BE(value - high * 0x1_0000_0000, at + 4);
}

export const int8Array = fixedSize<number>('int8', 8, (buffer, at, value) => {
  if (!Number.isSafeInteger(value)) throw new TypeError(`not a whole number: ${value}`);
  writeInt64(buffer, at, value);
});

/** Instants, to the millisecond JavaScript keeps (PostgreSQL counts microseconds). */
export const timestamptzArray = fixedSize<Date>('timestamptz', 8, (buffer, at, value) => {
  const ms = value.getTime();
  if (!Number.isFinite(ms)) throw new TypeError('not a valid date');
  // Microseconds since 2000 stay safe integers until the year 2285.
  writeInt64(buffer, at, (ms - PG_EPOCH_MS) * 1000);
});

/** Calendar days given as `YYYY-MM-DD`. */
export const dateArray = fixedSize<string>('date', 4, (buffer, at, value) => {
  const ms = Date.parse(`${value}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || !Number.isFinite(ms))
    throw new TypeError(`not a day: ${value}`);
  buffer.writeInt32BE((ms - PG_EPOCH_MS) / DAY_MS, at);
});
