import type { FuzzOperation, ValueSchema } from './operations.js';
import { utf8Bytes, type FuzzRequest } from './request.js';

/** A place a case can put a value: a query or path parameter, or a field of the JSON body. */
export interface Slot {
  readonly kind: 'query' | 'path' | 'body';
  readonly name: string;
  readonly schema: ValueSchema;
}

const UNRESERVED = /[A-Za-z0-9\-._~]/;

/** Text percent-encoded as UTF-8, everything but the unreserved characters escaped. */
export function percentEncode(text: string): string {
  let out = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const ch = String.fromCharCode(byte);
    out += UNRESERVED.test(ch) ? ch : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** A JSON value as a byte string of its UTF-8 text. */
export function jsonBytes(value: unknown): string {
  return utf8Bytes(JSON.stringify(value) ?? 'null');
}

/**
 * A request under construction, kept in parts (parameters, body fields as raw JSON tokens,
 * headers) so families can change one part and leave the rest valid. Every value in here is a
 * byte string as it goes on the wire.
 */
export class Draft {
  method: string;
  readonly pathValues = new Map<string, string>();
  /** Query pairs, raw; a null value is sent as a bare key (`?q`). */
  readonly query: [string, string | null][] = [];
  /** Body members as raw JSON key and value tokens, duplicates allowed. */
  readonly fields: [string, string][] = [];
  /** Replaces the JSON object as the whole body. */
  rawBody?: string;
  readonly headers: [string, string][] = [];
  version?: string;
  host?: boolean;
  /** Replaces the path and query as the request-target. */
  target?: string;
  tag = 'valid';
  detail = '';
  secret?: string;
  mayNotAnswer?: string;
  /** Reports the case under this name instead of its operation (when it left the route). */
  reportAs?: string;

  constructor(readonly operation: FuzzOperation) {
    this.method = operation.method;
  }

  get hasBody(): boolean {
    return this.rawBody !== undefined || this.operation.body !== undefined;
  }

  /** Sets a slot to text, encoded the way that slot carries text. */
  setText(slot: Slot, text: string): void {
    if (slot.kind === 'body') this.setRaw(slot, jsonBytes(text));
    else this.setRaw(slot, percentEncode(text));
  }

  /** Sets a slot to raw bytes: a piece of the URL, or a JSON token for a body field. */
  setRaw(slot: Slot, raw: string): void {
    if (slot.kind === 'path') this.pathValues.set(slot.name, raw);
    else if (slot.kind === 'query') setPair(this.query, slot.name, raw);
    else setPair(this.fields, JSON.stringify(slot.name), raw);
  }

  header(name: string, value: string): void {
    this.headers.push([name, value]);
  }

  dropHeader(name: string): void {
    for (let i = this.headers.length - 1; i >= 0; i--)
      if (this.headers[i][0].toLowerCase() === name.toLowerCase()) this.headers.splice(i, 1);
  }

  describe(tag: string, detail: string): void {
    this.tag = tag;
    this.detail = detail;
  }

  path(): string {
    return this.operation.path.replace(/\{(\w+)\}/g, (_, name: string) => {
      return this.pathValues.get(name) ?? '';
    });
  }

  bodyBytes(): string | undefined {
    if (this.rawBody !== undefined) return this.rawBody;
    if (!this.operation.body) return undefined;
    return `{${this.fields.map(([key, value]) => `${key}:${value}`).join(',')}}`;
  }

  toRequest(): FuzzRequest {
    const query = this.query.map(([k, v]) => (v === null ? k : `${k}=${v}`)).join('&');
    const body = this.bodyBytes();
    return {
      method: this.method,
      target: this.target ?? (query ? `${this.path()}?${query}` : this.path()),
      headers: this.headers,
      body: body === undefined ? undefined : Buffer.from(body, 'latin1'),
      version: this.version,
      host: this.host,
    };
  }
}

function setPair<V>(pairs: [string, V][], key: string, value: V): void {
  const at = pairs.findIndex(([k]) => k === key);
  if (at >= 0) pairs[at] = [key, value];
  else pairs.push([key, value]);
}
