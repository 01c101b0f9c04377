import { connect } from 'node:net';

export interface RawResponse {
  readonly status: number;
  /** Header names in lower case; a repeated header keeps its last value. */
  readonly headers: Record<string, string>;
  readonly body: string;
}

/**
 * Sends bytes exactly as given to the server behind `baseUrl` and reads one HTTP response, for
 * requests fetch() would refuse or normalise (two credential headers, `..` in a path, no Host,
 * an unknown method, oversized headers, bytes outside ASCII). `Connection: close` requests
 * read until the server closes; otherwise until the body's Content-Length is in.
 */
export function rawRequest(baseUrl: string, request: string | Buffer): Promise<RawResponse> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port) });
    const chunks: Buffer[] = [];
    const timer = setTimeout(
      () => socket.destroy(new Error('no complete answer within 10 s')),
      10_000,
    );
    const finish = () => {
      const parsed = parse(Buffer.concat(chunks).toString('latin1'));
      if (!parsed) return false;
      clearTimeout(timer);
      socket.destroy();
      resolve(parsed);
      return true;
    };
    socket.on('data', (chunk) => {
      chunks.push(chunk);
      finish();
    });
    socket.on('end', () => finish() || reject(new Error('the server closed without an answer')));
    socket.on('error', (error) => {
      clearTimeout(timer);
      if (!finish()) reject(error);
    });
    socket.write(request);
  });
}

function parse(text: string): RawResponse | null {
  const end = text.indexOf('\r\n\r\n');
  if (end < 0) return null;
  const [statusLine, ...lines] = text.slice(0, end).split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const body = text.slice(end + 4);
  const length = Number(headers['content-length'] ?? NaN);
  if (Number.isFinite(length) && Buffer.byteLength(body, 'latin1') < length) return null;
  return { status: Number(statusLine.split(' ')[1]), headers, body };
}
