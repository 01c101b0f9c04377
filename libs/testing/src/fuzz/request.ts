/**
 * One request as bytes on the wire. Strings here are *byte strings* (one char per byte,
 * latin1), so a case can carry invalid UTF-8, control bytes or a lone `%` exactly as meant;
 * {@link utf8Bytes} turns text into that form.
 */
export interface FuzzRequest {
  readonly method: string;
  /** The request-target exactly as sent, e.g. `/v1/cbs/sbi?q=%zz`. */
  readonly target: string;
  /** Header lines in order, duplicates allowed; added to by {@link serialize}. */
  readonly headers: readonly (readonly [string, string])[];
  readonly body?: Buffer;
  /** `HTTP/1.1` unless said otherwise. */
  readonly version?: string;
  /** False to send no `Host` header (on HTTP/1.1 that is a protocol error). */
  readonly host?: boolean;
}

/** Text as a byte string of its UTF-8 encoding. */
export function utf8Bytes(text: string): string {
  return Buffer.from(text, 'utf8').toString('latin1');
}

const has = (request: FuzzRequest, name: string) =>
  request.headers.some(([n]) => n.toLowerCase() === name);

/**
 * The bytes to send. Adds `Host` (unless `host: false` or the case set its own), `Connection:
 * close` (one connection per case, so a broken case cannot confuse the next), and a correct
 * `Content-Length` unless the case set a length or a transfer coding itself.
 */
export function serialize(request: FuzzRequest, authority: string): Buffer {
  const lines = [`${request.method} ${request.target} ${request.version ?? 'HTTP/1.1'}`];
  if (request.host !== false && !has(request, 'host')) lines.push(`Host: ${authority}`);
  for (const [name, value] of request.headers) lines.push(`${name}: ${value}`);
  if (!has(request, 'connection')) lines.push('Connection: close');
  const framed = has(request, 'content-length') || has(request, 'transfer-encoding');
  if (request.body && !framed) lines.push(`Content-Length: ${request.body.length}`);
  const head = Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1');
  return request.body ? Buffer.concat([head, request.body]) : head;
}

/** Values to show as shell variables in reproductions instead of their (per-run) text. */
export type Placeholders = readonly (readonly [value: string, shell: string])[];

const SAFE = /^[\x20-\x7e]$/;
const MIN_RUN = 32;

function ansiC(literal: string): string {
  let out = '';
  for (const ch of literal) {
    if (ch === '\\' || ch === "'") out += `\\${ch}`;
    else if (ch === '\r') out += '\\r';
    else if (ch === '\n') out += '\\n';
    else if (SAFE.test(ch)) out += ch;
    else out += `\\x${ch.charCodeAt(0).toString(16).padStart(2, '0')}`;
  }
  return `$'${out}'`;
}

/** A unit of 1–8 chars repeated from `at` for at least MIN_RUN chars, or null. */
function runAt(text: string, at: number): { unit: string; times: number } | null {
  for (let size = 1; size <= 8; size++) {
    const unit = text.slice(at, at + size);
    let times = 1;
    while (text.startsWith(unit, at + times * size)) times++;
    if (unit.length === size && times * size >= MIN_RUN && times >= 4) return { unit, times };
  }
  return null;
}

function printfRun(unit: string, times: number): string {
  const format = ansiC(unit).slice(2, -1).replace(/%/g, '%%').replace(/'/g, "'\\''");
  return `"$(printf '${format}%.0s' $(seq ${times}))"`;
}

const NUMBERED = /([A-Za-z_]+)0=([A-Za-z0-9]*)(?:&\1\d+=\2)*/y;

/** `p0=1&p1=1&…&p999=1` from `at` (the many-parameters case) as a `seq` call, or null. */
function numberedAt(text: string, at: number): { shell: string; length: number } | null {
  NUMBERED.lastIndex = at;
  const match = NUMBERED.exec(text);
  if (!match) return null;
  const [all, name, value] = match;
  const count = all.split('&').length;
  if (
    count < 8 ||
    all !== Array.from({ length: count }, (_, i) => `${name}${i}=${value}`).join('&')
  )
    return null;
  return { shell: `"$(seq -f '${name}%.0f=${value}' -s '&' 0 ${count - 1})"`, length: all.length };
}

/**
 * A byte string as one shell word: `$'…'` literals, `"$VAR"` for placeholders, and
 * `$(printf …)` for long repeated runs, so a 70 000-byte case still fits on a line.
 */
export function shellWord(text: string, placeholders: Placeholders = []): string {
  const parts: string[] = [];
  let literal = '';
  const flush = () => {
    if (literal) parts.push(ansiC(literal));
    literal = '';
  };
  for (let at = 0; at < text.length;) {
    const placeholder = placeholders.find(([value]) => value && text.startsWith(value, at));
    const numbered = placeholder ? null : numberedAt(text, at);
    const run = placeholder || numbered ? null : runAt(text, at);
    if (numbered) {
      flush();
      parts.push(numbered.shell);
      at += numbered.length;
    } else if (placeholder) {
      flush();
      parts.push(`"${placeholder[1]}"`);
      at += placeholder[0].length;
    } else if (run) {
      flush();
      parts.push(printfRun(run.unit, run.times));
      at += run.unit.length * run.times;
    } else literal += text[at++];
  }
  flush();
  return parts.join('') || "''";
}

/** True when curl would send this request byte for byte as given (bar header order). */
function curlable(request: FuzzRequest): boolean {
  const printable = (s: string) => /^[\x21-\x7e]*$/.test(s);
  const singular = ['host', 'content-length', 'transfer-encoding', 'connection', 'expect'];
  // curl adds a form content type to a body sent without one, and waits for a body after HEAD.
  const typed = !request.body || has(request, 'content-type');
  return (
    (request.version ?? 'HTTP/1.1') === 'HTTP/1.1' &&
    typed &&
    request.method !== 'HEAD' &&
    request.host !== false &&
    request.target.startsWith('/') &&
    printable(request.target) &&
    !request.target.includes('#') &&
    !/\/\.\.?(\/|$)/.test(request.target) &&
    request.headers.every(
      ([name, value]) =>
        printable(name) &&
        /^[\x20-\x7e]*$/.test(value) &&
        value.trim() !== '' &&
        !singular.includes(name.toLowerCase()),
    )
  );
}

/**
 * A command line that sends the request again: curl where curl sends it unchanged, else the
 * exact bytes through bash's `/dev/tcp`. The server is `$BASE` (curl) or port `$PORT` (bash).
 */
export function reproduction(request: FuzzRequest, placeholders: Placeholders = []): string {
  if (curlable(request)) {
    const parts = ['curl -sS -i -g'];
    if (request.method !== 'GET' || request.body) parts.push(`-X ${shellWord(request.method)}`);
    parts.push(shellWord(`$BASE${request.target}`, [['$BASE', '$BASE'], ...placeholders]));
    for (const [name, value] of request.headers)
      parts.push(`-H ${shellWord(`${name}: ${value}`, placeholders)}`);
    if (request.body)
      parts.push(`--data-binary ${shellWord(request.body.toString('latin1'), placeholders)}`);
    return parts.join(' ');
  }
  const bytes = serialize(request, '127.0.0.1').toString('latin1');
  // bash's /dev/tcp rather than nc: there on every machine with bash, one nc flavour or other not.
  const word = shellWord(bytes, placeholders);
  return `(exec 3<>/dev/tcp/127.0.0.1/$PORT; printf %s ${word} >&3; timeout 5 cat <&3)`;
}
