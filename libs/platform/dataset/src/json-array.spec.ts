import { gzipSync } from 'node:zlib';
import { gunzipped } from './download.js';
import { readJsonArray } from './json-array.js';

/** The text in chunks of `size` bytes, as a download delivers it. */
async function* chunks(bytes: Uint8Array, size: number): AsyncIterable<Uint8Array> {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}
const bytes = (text: string) => new TextEncoder().encode(text);

async function all(body: AsyncIterable<Uint8Array>): Promise<unknown[]> {
  const out: unknown[] = [];
  for await (const element of readJsonArray(body)) out.push(element);
  return out;
}

describe(readJsonArray.name, () => {
  const ELEMENTS = [{ a: 1, s: 'x]}{"\\' }, { nested: [1, { b: 'é' }] }, [2, 3]];
  const TEXT = ` \n${JSON.stringify(ELEMENTS, null, 2)}\n`;

  it.each([1, 3, 7, 1024])(
    'should yield each element whatever the chunk size (%i)',
    async (size) => {
      expect(await all(chunks(bytes(TEXT), size))).toEqual(ELEMENTS);
    },
  );

  it.each([
    ['a truncated array', TEXT.slice(0, 40), /ends early/],
    ['no array', '{"a":1}', /not a JSON array/],
    ['text after the array', '[{"a":1}] x', /after the end/],
    ['a scalar element', '[1]', /not an object or array/],
  ])('should refuse %s', async (_what, text, message) => {
    await expect(all(chunks(bytes(text), 5))).rejects.toThrow(message);
  });
});

describe(gunzipped.name, () => {
  const read = async (body: AsyncIterable<Uint8Array>) => {
    const parts: Buffer[] = [];
    for await (const chunk of body) parts.push(Buffer.from(chunk));
    return Buffer.concat(parts).toString('utf8');
  };

  it('should unzip a gzip stream and pass anything else through', async () => {
    const text = 'hello '.repeat(1000);
    expect(await read(gunzipped(chunks(gzipSync(text), 100)))).toBe(text);
    expect(await read(gunzipped(chunks(bytes(text), 100)))).toBe(text);
  });

  it('should fail on a truncated gzip stream', async () => {
    const zipped = gzipSync('hello '.repeat(10_000));
    await expect(
      read(gunzipped(chunks(zipped.subarray(0, zipped.length / 2), 100))),
    ).rejects.toThrow();
  });
});
