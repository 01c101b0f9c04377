import { connect } from 'node:net';

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

/**
 * Sends raw bytes on a fresh TCP connection and reads one HTTP/1.x answer, skipping interim
 * 1xx answers (e.g. `100 Continue`). A raw socket rather than fetch, because fetch refuses or
 * rewrites most of what the fuzz cases send on purpose.
 */
export function send(bytes: Buffer, options: SendOptions): Promise<Outcome> {
  const started = performance.now();
  const ms = () => Math.round(performance.now() - started);
  return new Promise((resolve) => {
    const socket = connect({ host: options.host, port: options.port });
    let data = Buffer.alloc(0);
    let settled = false;
    const finish = (outcome: Outcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(outcome);
    };
    /** The answer so far as an outcome, once it is whole (or `final` says no more will come). */
    const tryResponse = (final: boolean): boolean => {
      let head = parseHead(data);
      // Interim answers precede the real one on the same connection.
      while (head && head.status >= 100 && head.status < 200 && head.status !== 101) {
        data = data.subarray(head.bodyStart);
        head = parseHead(data);
      }
      if (!head) return false;
      const body = completeBody(head, data.subarray(head.bodyStart), !!options.head, final);
      if (!body) return false;
      finish({ kind: 'response', status: head.status, headers: head.headers, body, ms: ms() });
      return true;
    };
    const timer = setTimeout(
      () =>
        finish({ kind: 'timeout', detail: `no answer within ${options.timeoutMs} ms`, ms: ms() }),
      options.timeoutMs,
    );
    // No half-close after the bytes: real clients keep writing open, and a server that waits
    // for body bytes that never come should be seen waiting.
    socket.on('connect', () => socket.write(bytes));
    socket.on('data', (chunk: Buffer) => {
      data = Buffer.concat([data, chunk]);
      tryResponse(false);
    });
    socket.on('end', () => {
      if (!tryResponse(true)) finish({ kind: 'closed', detail: closedDetail(data), ms: ms() });
    });
    socket.on('error', (err: NodeJS.ErrnoException) => {
      if (tryResponse(true)) return;
      const kind = err.code === 'ECONNREFUSED' ? 'refused' : 'reset';
      finish({ kind, detail: err.code ?? err.message, ms: ms() });
    });
  });
}

function closedDetail(data: Buffer): string {
  if (data.length === 0) return 'closed without a byte';
  return `closed after ${data.length} bytes of an incomplete answer`;
}
