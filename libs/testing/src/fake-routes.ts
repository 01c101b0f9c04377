import type { IncomingMessage } from 'node:http';
import { isRecordedFailure, type Recording } from '@nl/platform-upstream';

export interface FakeRequest {
  readonly method: string;
  readonly path: string;
  readonly params: Readonly<Record<string, string>>;
  readonly query: URLSearchParams;
  readonly headers: IncomingMessage['headers'];
  /** The raw body. */
  readonly text: string;
  /** The body parsed as JSON, or undefined when it is not JSON. */
  readonly json: unknown;
}

export interface FakeResponse {
  readonly status?: number;
  readonly headers?: Readonly<Record<string, string>>;
  /** Objects are sent as JSON; strings as they are. */
  readonly body?: unknown;
  /** No answer: `hang` keeps the request open (a timeout), `drop` closes the connection. */
  readonly behaviour?: 'hang' | 'drop';
}

export interface FakeRoute {
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Path with `:name` parameters, e.g. `/resource/:id.json`. */
  readonly path: string;
  readonly handle: (request: FakeRequest) => FakeResponse | Promise<FakeResponse>;
}

/** A recording's answer to an HTTP request, as the fake sends it. */
function fromRecorded(recording: Recording, method: string, url: URL, json: unknown): FakeResponse {
  const answer = recording.answer({
    method: method === 'POST' ? 'POST' : 'GET',
    path: url.pathname,
    query: Object.fromEntries(url.searchParams),
    json,
  });
  if (isRecordedFailure(answer)) return { behaviour: answer.fail === 'timeout' ? 'hang' : 'drop' };
  return { status: answer.status ?? 200, headers: answer.headers, body: answer.body };
}

function compile(path: string): { regex: RegExp; names: string[] } {
  const names: string[] = [];
  const pattern = path
    .split(/(:[A-Za-z_]\w*)/)
    .map((part) => {
      if (part.startsWith(':')) {
        names.push(part.slice(1));
        return '([^/]+?)';
      }
      return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('');
  return { regex: new RegExp(`^${pattern}$`), names };
}

/**
 * What a fake answers when it behaves: the first of its routes that matches the method and path,
 * else its recording (the data the sandbox answers from), else 404.
 */
export class FakeRoutes {
  private readonly compiled: { route: FakeRoute; regex: RegExp; names: string[] }[];

  constructor(
    routes: readonly FakeRoute[],
    private readonly recording?: Recording,
  ) {
    this.compiled = routes.map((route) => ({ route, ...compile(route.path) }));
  }

  async answer(
    method: string,
    url: URL,
    headers: IncomingMessage['headers'],
    text: string,
  ): Promise<FakeResponse> {
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    for (const { route, regex, names } of this.compiled) {
      if (route.method !== method) continue;
      const match = regex.exec(url.pathname);
      if (!match) continue;
      const params = Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(match[i + 1])]));
      return route.handle({
        method,
        path: url.pathname,
        params,
        query: url.searchParams,
        headers,
        text,
        json,
      });
    }
    if (this.recording) return fromRecorded(this.recording, method, url, json);
    return { status: 404, body: { error: `no fake route for ${method} ${url.pathname}` } };
  }
}
