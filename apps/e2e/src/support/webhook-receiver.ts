import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

/** One call the receiver got, with which of the path's secrets verified it. */
export interface ReceivedCall {
  readonly path: string;
  readonly at: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
  /** Indexes into the path's secrets of those whose signature verified; empty: none did. */
  readonly verifiedBy: number[];
}

/** What a path answers, call by call (the last repeats), and the secrets its calls are checked with. */
interface Route {
  statuses: number[];
  headers?: Record<string, string>;
  secrets: string[];
}

/**
 * A webhook receiver on 127.0.0.1, as a customer would run one: every call is verified with
 * the `standardwebhooks` library against the raw body and each secret the test gave the path,
 * and recorded with the result, so a test can demand that every delivery verified.
 */
export class WebhookReceiver {
  readonly calls: ReceivedCall[] = [];
  private readonly routes = new Map<string, Route>();
  private server?: Server;
  private base = '';

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const path = req.url ?? '/';
        const route = this.routes.get(path);
        const body = Buffer.concat(chunks).toString('utf8');
        const verifiedBy = (route?.secrets ?? []).flatMap((secret, i) => {
          try {
            new Webhook(secret).verify(body, req.headers as Record<string, string>);
            return [i];
          } catch {
            return [];
          }
        });
        const seen = this.calls.filter((c) => c.path === path).length;
        this.calls.push({ path, at: Date.now(), headers: req.headers, body, verifiedBy });
        const statuses = route?.statuses ?? [404];
        res.writeHead(statuses[Math.min(seen, statuses.length - 1)], route?.headers ?? {});
        res.end();
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  /** A path of this receiver: its URL. */
  route(path: string, route: Route): string {
    this.routes.set(path, route);
    return `${this.base}${path}`;
  }

  secrets(path: string, secrets: string[]): void {
    const route = this.routes.get(path);
    if (route) route.secrets = secrets;
  }

  callsTo(path: string): ReceivedCall[] {
    return this.calls.filter((c) => c.path === path);
  }

  /** Waits until `path` got `count` calls (or fails after `withinMs`). */
  async waitFor(path: string, count: number, withinMs = 10_000): Promise<ReceivedCall[]> {
    const until = Date.now() + withinMs;
    while (this.callsTo(path).length < count) {
      if (Date.now() > until)
        throw new Error(`${path} got ${this.callsTo(path).length} of ${count} calls`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return this.callsTo(path);
  }

  async close(): Promise<void> {
    await new Promise((resolve) => this.server?.close(resolve));
  }
}
