import { connect, type Socket } from 'node:net';

/** What came back for one request: a response, or why there was none. */
export type Outcome =
  | {
      readonly kind: 'response';
      readonly status: number;
      /** Lower-cased names; repeated headers joined with `, `. */
      readonly headers: Readonly<Record<string, string>>;
      readonly body: Buffer;
      readonly ms: number;
    }
  | {
      /**
       * `reset`: ECONNRESET or EPIPE before an answer; `closed`: the server closed the connection
       * without (a whole) answer; `timeout`: nothing within the time; `refused`: not listening.
       */
      readonly kind: 'reset' | 'closed' | 'timeout' | 'refused';
      readonly detail: string;
      readonly ms: number;
    };

interface Head {
  status: number;
  headers: Record<string, string>;
  bodyStart: number;
}

const HEAD_END = Buffer.from('\r\n\r\n');

function parseHead(data: Buffer): Head | null {
  const end = data.indexOf(HEAD_END);
  if (end < 0) return null;
  const [statusLine, ...lines] = data.subarray(0, end).toString('latin1').split('\r\n');
  const status = Number(/^HTTP\/\d\.\d (\d{3})/.exec(statusLine)?.[1] ?? NaN);
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    headers[name] = name in headers ? `${headers[name]}, ${value}` : value;
  }
  return { status, headers, bodyStart: end + HEAD_END.length };
}

/** The decoded chunked body, or null while chunks are still missing. */
function dechunk(data: Buffer): Buffer | null {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = data.indexOf('\r\n', at);
    if (lineEnd < 0) return null;
    const size = parseInt(data.subarray(at, lineEnd).toString('latin1'), 16);
    if (Number.isNaN(size)) return Buffer.concat(parts); // malformed: keep what we have
    if (size === 0) return Buffer.concat(parts);
    if (data.length < lineEnd + 2 + size + 2) return null;
    parts.push(data.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
}

/**
 * The body once complete: HEAD, 1xx, 204 and 304 have none; otherwise Content-Length or
 * chunked framing; without either the body runs to the close (`final`).
 */
function completeBody(head: Head, rest: Buffer, isHead: boolean, final: boolean): Buffer | null {
  if (isHead || head.status === 204 || head.status === 304) return Buffer.alloc(0);
  if (/chunked/i.test(head.headers['transfer-encoding'] ?? '')) return dechunk(rest);
  const length = head.headers['content-length'];
  if (length !== undefined) {
    const n = Number(length);
    return rest.length >= n ? rest.subarray(0, n) : null;
  }
  return final ? rest : null;
}

export interface SendOptions {
  readonly host: string;
  readonly port: number;
  readonly timeoutMs: number;
  /** The request was HEAD: the answer has no body whatever its headers say. */
  readonly head?: boolean;
}

/** One request on one connection, from connect to the outcome. */
class Exchange {
  private data = Buffer.alloc(0);
  private settled = false;
  private readonly started = performance.now();
  private readonly socket: Socket;
  private readonly timer: NodeJS.Timeout;

  constructor(
    bytes: Buffer,
    private readonly options: SendOptions,
    private readonly resolve: (outcome: Outcome) => void,
  ) {
    this.socket = connect({ host: options.host, port: options.port });
    this.timer = setTimeout(
      () => this.finish({ kind: 'timeout', detail: `no answer within ${options.timeoutMs} ms` }),
      options.timeoutMs,
    );
    // No half-close after the bytes: real clients keep writing open, and a server that waits
    // for body bytes that never come should be seen waiting.
    this.socket.on('connect', () => this.socket.write(bytes));
    this.socket.on('data', (chunk: Buffer) => {
      this.data = Buffer.concat([this.data, chunk]);
      this.tryResponse(false);
    });
    this.socket.on('end', () => {
      if (!this.tryResponse(true)) this.finish({ kind: 'closed', detail: closedDetail(this.data) });
    });
    this.socket.on('error', (err: NodeJS.ErrnoException) => {
      // A server may answer and then reset (e.g. after refusing a large body): the answer counts.
      if (this.tryResponse(true)) return;
      const kind = err.code === 'ECONNREFUSED' ? 'refused' : 'reset';
      this.finish({ kind, detail: err.code ?? err.message });
    });
  }

  private finish(outcome: DistributiveOmit<Outcome, 'ms'>): void {
    if (this.settled) return;
    this.settled = true;
    clearTimeout(this.timer);
    this.socket.destroy();
    this.resolve({ ...outcome, ms: Math.round(performance.now() - this.started) } as Outcome);
  }

  /** Finishes with the answer once it is whole (or `final` says no more will come). */
  private tryResponse(final: boolean): boolean {
    let head = parseHead(this.data);
    // Interim answers (100 Continue, 103 Early Hints) precede the real one.
    while (head && head.status >= 100 && head.status < 200 && head.status !== 101) {
      this.data = this.data.subarray(head.bodyStart);
      head = parseHead(this.data);
    }
    if (!head) return false;
    const rest = this.data.subarray(head.bodyStart);
    const body = completeBody(head, rest, !!this.options.head, final);
    if (!body) return false;
    this.finish({ kind: 'response', status: head.status, headers: head.headers, body });
    return true;
  }
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/**
 * Sends raw bytes on a fresh TCP connection and reads one HTTP/1.x answer, skipping interim
 * 1xx answers. A raw socket rather than fetch, because fetch refuses or rewrites most of what
 * the fuzz cases send on purpose.
 */
export function send(bytes: Buffer, options: SendOptions): Promise<Outcome> {
  return new Promise((resolve) => new Exchange(bytes, options, resolve));
}

function closedDetail(data: Buffer): string {
  if (data.length === 0) return 'closed without a byte';
  return `closed after ${data.length} bytes of an incomplete answer`;
}
