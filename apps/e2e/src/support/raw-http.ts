import { sendRaw } from '@nl/testing';

export interface RawResponse {
  readonly status: number;
  /** Header names in lower case. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

/**
 * Sends bytes exactly as given to the server behind `baseUrl` and reads one HTTP response, for
 * requests fetch() would refuse or normalise (two credential headers, `..` in a path, no Host,
 * an unknown method, oversized headers, bytes outside ASCII). The fuzz harness's raw client.
 */
export async function rawRequest(baseUrl: string, request: string | Buffer): Promise<RawResponse> {
  const { hostname, port } = new URL(baseUrl);
  const bytes = typeof request === 'string' ? Buffer.from(request, 'latin1') : request;
  const outcome = await sendRaw(bytes, { host: hostname, port: Number(port), timeoutMs: 10_000 });
  if (outcome.kind !== 'response')
    throw new Error(`no answer: ${outcome.kind} (${outcome.detail})`);
  return { status: outcome.status, headers: outcome.headers, body: outcome.body.toString('utf8') };
}
