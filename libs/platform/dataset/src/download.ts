import { createHash, type Hash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createGunzip } from 'node:zlib';

/** What a server said about a file last time, sent back so an unchanged file costs one 304. */
export interface Validators {
  readonly etag?: string;
  readonly lastModified?: string;
}

export type Fetched =
  | { readonly changed: false }
  | {
      readonly changed: true;
      readonly body: AsyncIterable<Uint8Array>;
      readonly validators: Validators;
    };

export interface DownloadOptions {
  readonly fetchImpl?: typeof fetch;
  /** For the whole download, body included. */
  readonly timeoutMs?: number;
  /** A body above this is refused while it streams in, not after it filled the memory. */
  readonly maxBytes?: number;
}

export const DEFAULT_TIMEOUT_MS = 30_000;
export const DEFAULT_MAX_BYTES = 64 * 1024 * 1024;

/**
 * Opens one file: `file:` URLs from disk (the snapshot shipped with the code), `http(s):` with a
 * conditional GET. The body is handed over as a stream, counted against `maxBytes`.
 */
export async function openFile(
  url: string,
  previous: Validators | undefined,
  options: DownloadOptions = {},
): Promise<Fetched> {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  if (url.startsWith('file:')) {
    const stream = createReadStream(fileURLToPath(url)) as AsyncIterable<Uint8Array>;
    return { changed: true, body: capped(stream, url, maxBytes), validators: {} };
  }
  const fetchImpl = options.fetchImpl ?? fetch;
  const headers: Record<string, string> = {};
  if (previous?.etag) headers['if-none-match'] = previous.etag;
  if (previous?.lastModified) headers['if-modified-since'] = previous.lastModified;
  const res = await fetchImpl(url, {
    headers,
    signal: AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS),
  });
  if (res.status === 304) {
    await res.body?.cancel();
    return { changed: false };
  }
  if (!res.ok || !res.body) {
    await res.body?.cancel();
    throw new Error(`${url} answered HTTP ${res.status}`);
  }
  const declared = Number(res.headers.get('content-length') ?? 0);
  if (declared > maxBytes) {
    await res.body.cancel();
    throw tooLarge(url, maxBytes);
  }
  const validators: Validators = {
    ...(res.headers.get('etag') && { etag: res.headers.get('etag') as string }),
    ...(res.headers.get('last-modified') && {
      lastModified: res.headers.get('last-modified') as string,
    }),
  };
  return { changed: true, body: capped(res.body, url, maxBytes), validators };
}

function tooLarge(url: string, maxBytes: number): Error {
  return new Error(`${url} is larger than ${maxBytes} bytes`);
}

async function* capped(
  body: AsyncIterable<Uint8Array>,
  url: string,
  maxBytes: number,
): AsyncIterable<Uint8Array> {
  let bytes = 0;
  for await (const chunk of body) {
    bytes += chunk.byteLength;
    if (bytes > maxBytes) throw tooLarge(url, maxBytes);
    yield chunk;
  }
}

/** Feeds every chunk that passes through into a hash: the version of what was parsed. */
export async function* hashing(
  body: AsyncIterable<Uint8Array>,
  hash: Hash,
): AsyncIterable<Uint8Array> {
  for await (const chunk of body) {
    hash.update(chunk);
    yield chunk;
  }
}

export const newVersionHash = () => createHash('sha256');

/** The whole body as UTF-8 text, for formats that cannot be parsed piece by piece. */
export async function readText(body: AsyncIterable<Uint8Array>): Promise<string> {
  const decoder = new TextDecoder();
  let text = '';
  for await (const chunk of body) text += decoder.decode(chunk, { stream: true });
  return text + decoder.decode();
}

/** The body line by line as it arrives (`\n` or `\r\n`), without holding the whole file. */
export async function* readLines(body: AsyncIterable<Uint8Array>): AsyncIterable<string> {
  const decoder = new TextDecoder();
  let rest = '';
  for await (const chunk of body) {
    const lines = (rest + decoder.decode(chunk, { stream: true })).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) yield line.replace(/\r$/, '');
  }
  rest += decoder.decode();
  if (rest) yield rest.replace(/\r$/, '');
}

/**
 * The body unzipped when it starts with the gzip magic bytes (NDW serves `.xml.gz`/`.json.gz`
 * as plain bytes, not with `Content-Encoding`), else as it is. A truncated or corrupt gzip
 * stream fails the read instead of ending early.
 */
export async function* gunzipped(body: AsyncIterable<Uint8Array>): AsyncIterable<Uint8Array> {
  const iterator = body[Symbol.asyncIterator]();
  const first = await iterator.next();
  if (first.done) return;
  const rest: AsyncIterable<Uint8Array> = {
    [Symbol.asyncIterator]: () => ({
      next: () => iterator.next(),
      return: async () => (await iterator.return?.()) ?? { done: true, value: undefined },
    }),
  };
  const head = first.value;
  if (head.byteLength < 2 || head[0] !== 0x1f || head[1] !== 0x8b) {
    yield head;
    yield* rest;
    return;
  }
  const gunzip = createGunzip();
  const feeding = (async () => {
    try {
      for await (const chunk of prepend(head, rest)) {
        if (!gunzip.write(chunk)) await new Promise((resolve) => gunzip.once('drain', resolve));
      }
      gunzip.end();
    } catch (error) {
      gunzip.destroy(error as Error);
    }
  })();
  for await (const chunk of gunzip as AsyncIterable<Uint8Array>) yield chunk;
  await feeding;
}

async function* prepend(
  head: Uint8Array,
  rest: AsyncIterable<Uint8Array>,
): AsyncIterable<Uint8Array> {
  yield head;
  yield* rest;
}
