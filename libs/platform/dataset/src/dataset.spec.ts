import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Dataset, MemoryStore, type DatasetDefinition } from './dataset.js';
import { readLines } from './download.js';

/** A line list: one name per line, installed as a set. */
const LIST: DatasetDefinition<string, ReadonlySet<string>> = {
  name: 'names',
  async parse(body) {
    const out: string[] = [];
    for await (const line of readLines(body)) if (line.trim()) out.push(line.trim());
    return out;
  },
  build: (parts, previous) =>
    parts.has('list') ? new Set(parts.get('list')) : (previous ?? new Set()),
  size: (data) => data.size,
  minSize: 3,
};

const names = (n: number, prefix = 'name') => Array.from({ length: n }, (_, i) => `${prefix}${i}`);

type Respond = (req: IncomingMessage, res: ServerResponse) => void;

/** A file server on 127.0.0.1 whose answer each test sets; it counts requests. */
async function fileServer() {
  let respond: Respond = (_req, res) => res.end('');
  const seen: IncomingMessage[] = [];
  const server = createServer((req, res) => {
    seen.push(req);
    respond(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/list.txt`,
    seen,
    set: (fn: Respond) => (respond = fn),
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** Serves `body` with an ETag and answers 304 to a request that sends it back. */
const withEtag =
  (body: string, etag: string): Respond =>
  (req, res) => {
    if (req.headers['if-none-match'] === etag) return void res.writeHead(304).end();
    res.writeHead(200, { etag, 'last-modified': 'Mon, 23 Nov 2026 10:00:00 GMT' }).end(body);
  };

describe(Dataset.name, () => {
  let server: Awaited<ReturnType<typeof fileServer>>;
  let dir: string;
  let shipped: string;
  beforeEach(async () => {
    server = await fileServer();
    dir = await mkdtemp(join(tmpdir(), 'dataset-'));
    shipped = pathToFileURL(join(dir, 'shipped.txt')).href;
    await writeFile(join(dir, 'shipped.txt'), names(10).join('\r\n'));
  });
  afterEach(async () => {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  });

  async function loaded() {
    const sut = new Dataset(LIST, new MemoryStore());
    expect(await sut.load([{ part: 'list', url: shipped }])).toMatchObject({
      ok: true,
      changed: true,
      size: 10,
      source: 'shipped',
    });
    return sut;
  }

  it('should load the shipped file and describe it for health', async () => {
    const sut = await loaded();
    expect(sut.data?.has('name9')).toBe(true);
    expect(sut.stats()).toMatchObject({
      size: 10,
      version: expect.stringMatching(/^[0-9a-f]{12}$/),
      source: 'shipped',
      ageSeconds: 0,
      lastRefresh: null,
    });
  });

  it('should send the validators back and keep the version on 304', async () => {
    const sut = await loaded();
    server.set(withEtag(names(20, 'fresh').join('\n'), '"v1"'));
    const first = await sut.refresh([{ part: 'list', url: server.url }]);
    expect(first).toMatchObject({ ok: true, changed: true, size: 20 });
    const second = await sut.refresh([{ part: 'list', url: server.url }]);
    expect(second).toEqual({ ...first, changed: false });
    expect(server.seen.map((r) => r.headers['if-none-match'])).toEqual([undefined, '"v1"']);
    expect(server.seen[1].headers['if-modified-since']).toBe('Mon, 23 Nov 2026 10:00:00 GMT');
    expect(sut.stats().lastRefresh).toMatchObject({ ok: true, changed: false });
    expect(sut.data?.has('fresh19')).toBe(true);
  });

  it('should remember when a refresh last succeeded through a failed one', async () => {
    const sut = await loaded();
    server.set(withEtag(names(20, 'fresh').join('\n'), '"v1"'));
    await sut.refresh([{ part: 'list', url: server.url }]);
    const { lastOkAt } = sut.stats().lastRefresh ?? {};
    expect(lastOkAt).toEqual(expect.any(String));
    server.set((_req, res) => res.writeHead(500).end('no'));
    await sut.refresh([{ part: 'list', url: server.url }]);
    expect(sut.stats().lastRefresh).toMatchObject({ ok: false, lastOkAt });
  });

  it.each<[string, Respond, RegExp]>([
    ['a server error', (_req, res) => res.writeHead(500).end('no'), /HTTP 500/],
    ['a file under half the size', (_req, res) => res.end(names(4).join('\n')), /floor of 5/],
    ['an empty file', (_req, res) => res.end(''), /has 0 entries/],
  ])('should keep the version in use after %s', async (_what, respond, reason) => {
    const sut = await loaded();
    const before = sut.stats().version;
    server.set(respond);
    const result = await sut.refresh([{ part: 'list', url: server.url }]);
    expect(result).toEqual({ ok: false, reason: expect.stringMatching(reason) });
    expect(sut.stats()).toMatchObject({ size: 10, version: before, lastRefresh: { ok: false } });
  });

  it('should give up on a download past its timeout and keep the version in use', async () => {
    const sut = new Dataset(LIST, new MemoryStore(), { timeoutMs: 200 });
    await sut.load([{ part: 'list', url: shipped }]);
    server.set((_req, res) => res.writeHead(200).write('a\nb\n'));
    const result = await sut.refresh([{ part: 'list', url: server.url }]);
    expect(result.ok).toBe(false);
    expect(sut.data?.size).toBe(10);
  });

  it('should refuse a file above the byte limit while it streams in', async () => {
    const sut = new Dataset(LIST, new MemoryStore(), { maxBytes: 1_000 });
    await sut.load([{ part: 'list', url: shipped }]);
    server.set((_req, res) => res.end(names(500).join('\n')));
    expect(await sut.refresh([{ part: 'list', url: server.url }])).toEqual({
      ok: false,
      reason: expect.stringMatching(/larger than 1000 bytes/),
    });
  });

  it('should let a validate hook refuse a version', async () => {
    const sut = new Dataset(
      { ...LIST, validate: (d) => (d.has('bad') ? 'contains bad' : null) },
      new MemoryStore(),
    );
    await sut.load([{ part: 'list', url: shipped }]);
    server.set((_req, res) => res.end([...names(10), 'bad'].join('\n')));
    expect(await sut.refresh([{ part: 'list', url: server.url }])).toEqual({
      ok: false,
      reason: 'contains bad',
    });
  });

  it('should swap atomically: readers during a slow download see the old version whole', async () => {
    const sut = await loaded();
    const body = names(50_000, 'new').join('\n');
    server.set((_req, res) => {
      res.writeHead(200);
      let offset = 0;
      const timer = setInterval(() => {
        res.write(body.slice(offset, (offset += 40_000)));
        if (offset >= body.length) {
          clearInterval(timer);
          res.end();
        }
      }, 5);
    });
    let reads = 0;
    let running = true;
    const refreshing = sut
      .refresh([{ part: 'list', url: server.url }])
      .finally(() => (running = false));
    while (running) {
      const data = sut.data;
      expect([10, 50_000]).toContain(data?.size);
      reads += 1;
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(await refreshing).toMatchObject({ ok: true, size: 50_000 });
    expect(reads).toBeGreaterThan(5);
    expect(sut.data?.has('name1')).toBe(false);
  });

  it('should keep a part without files from the version in use', async () => {
    const sut = await loaded();
    server.set((_req, res) => res.end('x\ny\nz\n'));
    const other = await sut.refresh([{ part: 'other', url: server.url }]);
    expect(other).toMatchObject({ ok: true, changed: true, size: 10 });
  });
});
