import { BinaryArray, int8Array, textArray, timestamptzArray, uuidArray } from './binary-arrays.js';

/** Header and elements of a one-dimensional array in PostgreSQL's binary format. */
function decode(buffer: Buffer) {
  const [dims, nulls, oid, n, lower] = [0, 4, 8, 12, 16].map((at) => buffer.readInt32BE(at));
  const items: (Buffer | null)[] = [];
  let at = 20;
  for (let i = 0; i < n; i++) {
    const length = buffer.readInt32BE(at);
    items.push(length < 0 ? null : buffer.subarray(at + 4, at + 4 + length));
    at += 4 + Math.max(length, 0);
  }
  return { dims, nulls, oid, lower, items, rest: buffer.length - at };
}

describe('BinaryArray', () => {
  it('should grow past its first buffer and keep every element in order', () => {
    const array = new BinaryArray(textArray.type, 8);
    const values = Array.from({ length: 500 }, (_, i) => `request-${i}-ü`);
    for (const value of values) array.push(value);
    const { dims, nulls, oid, lower, items, rest } = decode(array.toBuffer());
    expect([dims, nulls, oid, lower, rest]).toEqual([1, 0, 25, 1, 0]);
    expect(items.map((item) => item?.toString('utf8'))).toEqual(values);
  });

  it('should append another array after its own elements, nulls included', () => {
    const first = new BinaryArray(uuidArray.type, 0);
    first.push('0b7e6a3c-1d2e-4f50-8a9b-7c6d5e4f3a2b');
    const second = new BinaryArray(uuidArray.type);
    second.push(null);
    second.push('1c8f7b4d-2e3f-4a61-9bac-8d7e6f5a4b3c');
    first.append(second);
    expect(first.length).toBe(3);
    const { nulls, items, rest } = decode(first.toBuffer());
    expect(nulls).toBe(1);
    expect(items.map((item) => item?.toString('hex') ?? null)).toEqual([
      '0b7e6a3c1d2e4f508a9b7c6d5e4f3a2b',
      null,
      '1c8f7b4d2e3f4a619bac8d7e6f5a4b3c',
    ]);
    expect(rest).toBe(0);
  });

  it('should start empty again after clear, on the buffer it had, and forget its nulls', () => {
    const array = new BinaryArray(textArray.type, 8);
    array.push(null);
    for (let i = 0; i < 100; i++) array.push(`first-${i}`);
    const grown = array.toBuffer().buffer;
    array.clear();
    expect(array.length).toBe(0);
    expect(decode(array.toBuffer())).toMatchObject({ nulls: 0, items: [], rest: 0 });
    array.push('second');
    expect(array.toBuffer().buffer).toBe(grown);
    const { nulls, items, rest } = decode(array.toBuffer());
    expect([nulls, rest]).toEqual([0, 0]);
    expect(items.map((item) => item?.toString('utf8'))).toEqual(['second']);
  });

  it('should let go of a buffer of more than 1 MiB when cleared', () => {
    const array = new BinaryArray(uuidArray.type);
    for (let i = 0; i < 70_000; i++) array.push('0b7e6a3c-1d2e-4f50-8a9b-7c6d5e4f3a2b');
    expect(array.toBuffer().buffer.byteLength).toBeGreaterThan(1 << 20);
    array.clear();
    expect(array.toBuffer().buffer.byteLength).toBeLessThan(1 << 20);
  });

  it('should write a repeated element as it wrote it the first time, across growth, nulls, clear and append', () => {
    const A = '0b7e6a3c-1d2e-4f50-8a9b-7c6d5e4f3a2b';
    const B = '1c8f7b4d-2e3f-4a61-9bac-8d7e6f5a4b3c';
    // A buffer of room for one element: every repeat copies into a grown buffer.
    const ids = new BinaryArray(uuidArray.type, 20);
    const pushed = [A, A, null, A, B, B, A, A, A];
    for (const id of pushed) ids.push(id);
    const hex = (array: BinaryArray<string>) =>
      decode(array.toBuffer()).items.map((item) => item?.toString('hex') ?? null);
    const plain = (id: string | null) => id?.replace(/-/g, '') ?? null;
    expect(hex(ids)).toEqual(pushed.map(plain));
    // After clear and after append the last element is another one: written, not copied.
    ids.clear();
    ids.push(B);
    expect(hex(ids)).toEqual([plain(B)]);
    const other = new BinaryArray(uuidArray.type);
    other.push(A);
    ids.append(other);
    ids.push(B);
    expect(hex(ids)).toEqual([B, A, B].map(plain));
    const words = new BinaryArray(textArray.type, 4);
    for (const word of ['ü', 'ü', 'üü', 'üü', 'ü']) words.push(word);
    expect(decode(words.toBuffer()).items.map((item) => item?.toString('utf8'))).toEqual([
      'ü',
      'ü',
      'üü',
      'üü',
      'ü',
    ]);
  });

  it('should encode a whole list as the builder does', () => {
    const built = new BinaryArray(int8Array.type);
    for (const n of [1, -2, 3]) built.push(n);
    expect(int8Array([1, -2, 3])).toEqual(built.toBuffer());
    expect(() => int8Array([1.5])).toThrow('not a whole number');
  });

  it("should write 64-bit integers and instants in two's complement, negative and large alike", () => {
    const values = [
      0,
      1,
      -1,
      2 ** 31,
      -(2 ** 32) - 5,
      123_456_789_012_345,
      Number.MIN_SAFE_INTEGER,
    ];
    const { items } = decode(int8Array(values));
    expect(items.map((item) => item?.readBigInt64BE())).toEqual(values.map(BigInt));
    const instants = [new Date('1999-12-31T23:59:59.999Z'), new Date('2026-11-27T12:00:00.123Z')];
    const micros = decode(timestamptzArray(instants)).items.map((item) => item?.readBigInt64BE());
    expect(micros).toEqual([
      -1000n,
      BigInt(Date.parse('2026-11-27T12:00:00.123Z') - Date.UTC(2000, 0, 1)) * 1000n,
    ]);
  });
});
