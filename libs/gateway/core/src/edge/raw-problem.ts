import type { ErrorCode } from '@nl/contracts-core';
import { randomUUID } from 'node:crypto';
import { STATUS_CODES, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { ERROR_STATUS } from '../errors/error-status.js';
import { PROBLEM_CONTENT_TYPE, problem } from '../errors/problem.js';

function parts(code: ErrorCode, detail?: string) {
  const requestId = randomUUID();
  const body = JSON.stringify(problem({ code, detail, instance: '/', requestId }));
  return {
    status: ERROR_STATUS[code],
    body,
    headers: {
      'Content-Type': PROBLEM_CONTENT_TYPE,
      'Content-Length': String(Buffer.byteLength(body)),
      'X-Request-Id': requestId,
      Connection: 'close',
    },
  };
}

/**
 * A problem+json answer written straight to a socket, for what the HTTP parser refuses before
 * any request object exists (oversized headers, an unknown method, a malformed request line).
 * The connection is closed after it, as Node does for these errors.
 */
export function writeRawProblem(socket: Duplex, code: ErrorCode, detail?: string): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const { status, headers, body } = parts(code, detail);
  const head = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}\r\n${head}\r\n${body}`);
}

/** The same on a response Node created but nobody routed (a refused `Expect`). */
export function sendRawProblem(response: ServerResponse, code: ErrorCode, detail?: string): void {
  const { status, headers, body } = parts(code, detail);
  response.writeHead(status, headers).end(body);
}
