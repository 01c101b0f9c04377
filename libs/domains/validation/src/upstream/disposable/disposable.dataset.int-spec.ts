import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DisposableDomains } from './disposable.dataset.js';

/** A list server on 127.0.0.1 whose answer each test sets. */
async function listServer() {
  let respond: (res: ServerResponse, path: string) => void = (res) => res.end('');
  const open = new Set<ServerResponse>();
  const server = createServer((req, res) => {
    open.add(res);
    res.on('close', () => open.delete(res));
    respond(res, req.url ?? '/');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    set: (fn: typeof respond) => (respond = fn),
    close: async () => {
      for (const res of open) res.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

const domains = (n: number, prefix = 'throwaway') =>
  Array.from({ length: n }, (_, i) => `${prefix}${i}.com`);

describe(DisposableDomains.name, () => {
  let list: DisposableDomains;
  let server: Awaited<ReturnType<typeof listServer>>;
  beforeAll(async () => {
    list = new DisposableDomains();
    const started = performance.now();
    await list.loadShipped();
    // Reported, not asserted: speed targets live in the bench.
    process.stdout.write(`shipped list loaded in ${Math.round(performance.now() - started)} ms\n`);
  });
  beforeEach(async () => {
    server = await listServer();
  });
  afterEach(() => server.close());

  it('should load more than 100,000 shipped domains and the allowlist', () => {
    const stats = list.stats();
    expect(stats.size).toBeGreaterThan(100_000);
    expect(stats.allowSize).toBeGreaterThan(150);
    expect(stats.source).toBe('shipped');
  });

  it.each([
    ['mailinator.com', true],
    ['MAILINATOR.COM', true],
    ['yopmail.com', true],
    ['x.mailinator.com', true],
    ['deep.sub.guerrillamail.com', true],
    ['gmail.com', false],
    ['example.nl', false],
    ['com', false],
    ['co.uk', false],
    ['139.com', false], // on both lists: the allowlist wins
    ['mail.139.com', false],
  ])('should say %s → %s', (domain, disposable) => {
    expect(list.check(domain)).toBe(disposable);
  });

  it('should swap a refreshed list in atomically; lookups during a slow download keep the old list', async () => {
    const sut = new DisposableDomains();
    await sut.loadShipped();
    const fresh = domains(60_000);
    fresh.push('brand-new-disposable.com');
    server.set((res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      // Streamed slowly in chunks, so lookups run while the download is under way.
      const body = fresh.join('\n');
      let offset = 0;
      const timer = setInterval(() => {
        res.write(body.slice(offset, offset + 50_000));
        offset += 50_000;
        if (offset >= body.length) {
          clearInterval(timer);
          res.end();
        }
      }, 10);
    });
    let lookups = 0;
    let running = true;
    const refreshing = sut
      .refresh({ deny: [server.url('/deny.txt')] })
      .finally(() => (running = false));
    while (running) {
      const old = sut.check('mailinator.com');
      const updated = sut.check('brand-new-disposable.com');
      // Old list (mailinator yes, new no) or new list (the reverse); never neither.
      expect(old !== updated).toBe(true);
      lookups += 1;
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(await refreshing).toMatchObject({ ok: true, size: 60_001 });
    expect(lookups).toBeGreaterThan(5);
    expect(sut.check('brand-new-disposable.com')).toBe(true);
    expect(sut.check('throwaway42.com')).toBe(true);
    expect(sut.check('mailinator.com')).toBe(false);
    expect(sut.check('139.com')).toBe(false); // the shipped allowlist still applies
  });

  it.each([
    ['a server error', (res: ServerResponse) => res.writeHead(500).end('oops'), /HTTP 500/],
    [
      'a truncated list',
      (res: ServerResponse) => res.end(domains(500).join('\n')),
      /under the floor/,
    ],
    ['an empty body', (res: ServerResponse) => res.end(''), /under the floor/],
  ])('should keep the current list after %s', async (_what, respond, reason) => {
    const sut = new DisposableDomains();
    await sut.loadShipped();
    server.set(respond);
    const result = await sut.refresh({ deny: [server.url('/deny.txt')] });
    expect(result).toMatchObject({ ok: false, reason: expect.stringMatching(reason) });
    expect(sut.stats()).toMatchObject({ source: 'shipped', lastRefresh: { ok: false } });
    expect(sut.check('mailinator.com')).toBe(true);
  });

  it('should keep the current list when a download hangs past its timeout', async () => {
    const sut = new DisposableDomains({ timeoutMs: 200 });
    await sut.loadShipped();
    server.set(() => undefined);
    const result = await sut.refresh({ deny: [server.url('/deny.txt')] });
    expect(result.ok).toBe(false);
    expect(sut.stats().size).toBeGreaterThan(100_000);
  });

  it('should take allowlists from the refresh when configured', async () => {
    const sut = new DisposableDomains();
    server.set((res, path) =>
      res.end(path === '/allow.txt' ? 'throwaway7.com\n' : domains(2_000).join('\n')),
    );
    const result = await sut.refresh({
      deny: [server.url('/deny.txt')],
      allow: [server.url('/allow.txt')],
    });
    expect(result).toMatchObject({ ok: true, size: 2_000, allowSize: 1 });
    expect(sut.check('throwaway6.com')).toBe(true);
    expect(sut.check('throwaway7.com')).toBe(false);
  });
});
