import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Recording } from '@nl/platform-upstream';
import { FakeRoutes, type FakeResponse, type FakeRoute } from './fake-routes.js';

export type { FakeRequest, FakeResponse, FakeRoute } from './fake-routes.js';

export interface FakeCall {
  readonly method: string;
  readonly path: string;
  readonly query: string;
  readonly headers: IncomingMessage['headers'];
  readonly body: string;
  readonly at: number;
}

/** How the fake misbehaves; `normal` serves the routes. */
type Mode =
  | { readonly kind: 'normal' }
  | { readonly kind: 'fail'; readonly status: number; readonly body: unknown }
  | { readonly kind: 'timeout' }
  | { readonly kind: 'rateLimit'; readonly retryAfterSeconds: number }
  | { readonly kind: 'drop' };

/**
 * A real HTTP upstream on 127.0.0.1 for tests and benchmarks: route sets per upstream, and
 * switches to make it slow, fail, hang, rate-limit or drop connections, for every call or for
 * the next n calls; a call log to assert on. Nothing leaves the machine.
 */
export class FakeUpstream {
  readonly calls: FakeCall[] = [];
  private readonly routes: FakeRoutes;
  private readonly sockets = new Set<Socket>();
  private readonly hanging = new Set<ServerResponse>();
  /** Misbehaviours, newest first; each for paths under `prefix`, for `left` more calls. */
  private modes: { mode: Mode; prefix: string; left: number }[] = [];
  private delayMs = 0;
  /** Extra waits for the calls a predicate picks (one slow member state, one slow path). */
  private slowCalls: { ms: number; picks: (call: FakeCall) => boolean }[] = [];
  private closed = false;

  private constructor(
    private readonly server: Server,
    routes: readonly FakeRoute[],
    readonly url: string,
    recording?: Recording,
  ) {
    this.routes = new FakeRoutes(routes, recording);
  }

  /**
   * A fake that serves a domain's recording over HTTP (the same data the sandbox answers
   * from); `routes` are tried first, for what the recording does not cover.
   */
  static serving(recording: Recording, routes: readonly FakeRoute[] = []): Promise<FakeUpstream> {
    return FakeUpstream.start(routes, recording);
  }

  static async start(routes: readonly FakeRoute[], recording?: Recording): Promise<FakeUpstream> {
    /** Set once constructed; the handlers below only run after that. */
    const ref: { fake?: FakeUpstream } = {};
    const server = createServer((req, res) => {
      if (ref.fake) void ref.fake.serve(req, res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const self = new FakeUpstream(server, routes, `http://127.0.0.1:${port}`, recording);
    ref.fake = self;
    server.on('connection', (socket) => {
      self.sockets.add(socket);
      socket.on('close', () => self.sockets.delete(socket));
    });
    return self;
  }

  /** Every answer waits this long first (0: none). */
  slow(ms: number): this {
    this.delayMs = ms;
    return this;
  }

  /** The calls `picks` chooses wait `ms` first, on top of {@link slow}. */
  slowWhen(ms: number, picks: (call: FakeCall) => boolean): this {
    this.slowCalls.push({ ms, picks });
    return this;
  }

  /**
   * Answers `status` (default 503) instead of the routes: for `times` calls (default: until
   * reset), and only for paths starting with `pathPrefix` (default: all).
   */
  fail(
    status = 503,
    body: unknown = { error: 'fake failure' },
    times = Infinity,
    pathPrefix = '',
  ): this {
    return this.setMode({ kind: 'fail', status, body }, times, pathPrefix);
  }

  /** Accepts requests and never answers (until reset or close). */
  timeout(times = Infinity, pathPrefix = ''): this {
    return this.setMode({ kind: 'timeout' }, times, pathPrefix);
  }

  /** 429 with Retry-After. */
  rateLimit(retryAfterSeconds = 1, times = Infinity, pathPrefix = ''): this {
    return this.setMode({ kind: 'rateLimit', retryAfterSeconds }, times, pathPrefix);
  }

  /** Destroys the connection without an answer. */
  drop(times = Infinity, pathPrefix = ''): this {
    return this.setMode({ kind: 'drop' }, times, pathPrefix);
  }

  /** Back to serving the routes promptly. */
  reset(): this {
    this.modes = [];
    this.delayMs = 0;
    this.slowCalls = [];
    for (const res of this.hanging) res.destroy();
    this.hanging.clear();
    return this;
  }

  callsTo(pathPrefix: string): FakeCall[] {
    return this.calls.filter((c) => c.path.startsWith(pathPrefix));
  }

  clearCalls(): void {
    this.calls.length = 0;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const res of this.hanging) res.destroy();
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private setMode(mode: Mode, times: number, prefix: string): this {
    this.modes = [{ mode, prefix, left: times }, ...this.modes.filter((m) => m.prefix !== prefix)];
    return this;
  }

  /** The mode for a call to `path`, counting down a temporary one. */
  private takeMode(path: string): Mode {
    const entry = this.modes.find((m) => path.startsWith(m.prefix));
    if (!entry) return { kind: 'normal' };
    entry.left -= 1;
    if (entry.left <= 0) this.modes = this.modes.filter((m) => m !== entry);
    return entry.mode;
  }

  private async serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', this.url);
    this.calls.push({
      method: req.method ?? 'GET',
      path: url.pathname,
      query: url.search,
      headers: req.headers,
      body: text,
      at: Date.now(),
    });
    const mode = this.takeMode(url.pathname);
    const call = this.calls[this.calls.length - 1];
    const delayMs = this.slowCalls.reduce(
      (ms, slow) => ms + (slow.picks(call) ? slow.ms : 0),
      this.delayMs,
    );
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    if (res.destroyed) return;
    try {
      switch (mode.kind) {
        case 'timeout':
          this.hanging.add(res);
          res.on('close', () => this.hanging.delete(res));
          return;
        case 'drop':
          req.socket.destroy();
          return;
        case 'fail':
          return this.send(res, { status: mode.status, body: mode.body });
        case 'rateLimit':
          return this.send(res, {
            status: 429,
            headers: { 'retry-after': String(mode.retryAfterSeconds) },
            body: { error: 'rate limited' },
          });
        case 'normal': {
          const response = await this.routes.answer(req.method ?? 'GET', url, req.headers, text);
          if (response.behaviour === 'hang') {
            this.hanging.add(res);
            res.on('close', () => this.hanging.delete(res));
            return;
          }
          if (response.behaviour === 'drop') {
            req.socket.destroy();
            return;
          }
          return this.send(res, response);
        }
      }
    } catch (error) {
      this.send(res, {
        status: 500,
        body: { error: `fake route failed: ${(error as Error).message}` },
      });
    }
  }

  private send(res: ServerResponse, response: FakeResponse): void {
    if (res.destroyed) return;
    const isText = typeof response.body === 'string';
    const body =
      response.body === undefined
        ? ''
        : isText
          ? (response.body as string)
          : JSON.stringify(response.body);
    res.writeHead(response.status ?? 200, {
      'content-type': isText ? 'text/plain; charset=utf-8' : 'application/json',
      ...response.headers,
    });
    res.end(body);
  }
}
