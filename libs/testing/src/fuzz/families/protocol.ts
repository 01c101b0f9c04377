// HTTP itself bent out of shape: headers too big or badly formed, framing that lies, methods,
// targets and versions a router does not expect. Most of these only a raw socket can send.
import type { Draft } from '../draft.js';
import type { Prng } from '../prng.js';
import type { FuzzContext } from '../valid.js';

type Variant = (draft: Draft, rng: Prng, ctx: FuzzContext) => string;

const CONTENT_TYPES = [
  'text/plain',
  'multipart/form-data; boundary=x',
  'application/x-www-form-urlencoded',
  'application/json; charset=latin1',
  'application/json; charset=utf-16',
  'application/json ; charset=utf-8',
  'APPLICATION/JSON',
  'application/jsonx',
  'application/problem+json',
  'application/vnd.api+json',
  'application/xml',
  '*/*',
  ';',
];

const TRAVERSALS = [
  '/docs/../openapi.json',
  '/docs/%2e%2e/openapi.json',
  '/docs/..%2f..%2fpackage.json',
  '/docs/%2e%2e%2f%2e%2e%2fpackage.json',
  '/docs/..%5c..%5cpackage.json',
  '/docs/%c0%ae%c0%ae/openapi.json',
  '/docs/....//....//package.json',
  '/docs/./swagger-ui.css',
  '/docs/%00',
  '/docs//',
  '/docs/../../../../etc/passwd',
  '/v1/cbs/sbi/../../../openapi.json',
  '/v1/cbs/sbi/%2e%2e/%2e%2e/account',
  '/./v1/account',
  '//v1//account',
  '/v1/account/',
  '/v1/account?',
  '/v1/account#frag',
  '/V1/ACCOUNT',
  '/v1/account;x=1',
];

function bodyOrEmpty(draft: Draft): string {
  return draft.bodyBytes() ?? '{}';
}

const FRAMING: Record<string, Variant> = {
  'content-type': (draft, rng) => {
    draft.dropHeader('Content-Type');
    const type = rng.pick(['(none)', ...CONTENT_TYPES]);
    if (type !== '(none)') draft.header('Content-Type', type);
    draft.rawBody = bodyOrEmpty(draft);
    return `Content-Type: ${type}`;
  },
  'content-length-larger': (draft) => {
    draft.rawBody = bodyOrEmpty(draft);
    draft.header('Content-Length', String(draft.rawBody.length + 10));
    draft.mayNotAnswer = 'waits for 10 body bytes that never come';
    return 'Content-Length 10 over the body';
  },
  'content-length-smaller': (draft) => {
    draft.rawBody = bodyOrEmpty(draft);
    draft.header('Content-Length', String(Math.max(0, draft.rawBody.length - 3)));
    return 'Content-Length 3 under the body';
  },
  'content-length-invalid': (draft, rng) => {
    draft.rawBody = bodyOrEmpty(draft);
    const value = rng.pick(['-1', 'abc', '1e3', '0x10', `${draft.rawBody.length}, 1`, ' ']);
    draft.header('Content-Length', value);
    return `Content-Length: ${value}`;
  },
  chunked: (draft) => {
    const body = bodyOrEmpty(draft);
    draft.rawBody = `${body.length.toString(16)}\r\n${body}\r\n0\r\n\r\n`;
    draft.header('Transfer-Encoding', 'chunked');
    return 'chunked body';
  },
  'chunked-bad': (draft, rng) => {
    const body = bodyOrEmpty(draft);
    const bad = rng.pick(['zz', '-1', 'ffffffffffffffff', `${body.length.toString(16)};x=y`]);
    draft.rawBody = `${bad}\r\n${body}\r\n0\r\n\r\n`;
    draft.header('Transfer-Encoding', rng.pick(['chunked', 'chunked, chunked', 'gzip, chunked']));
    if (bad.startsWith('ffff'))
      draft.mayNotAnswer = 'waits for the 2^64 - 1 bytes its chunk size says';
    return `chunk size ${bad}`;
  },
  'chunked-and-length': (draft) => {
    const body = bodyOrEmpty(draft);
    draft.rawBody = `${body.length.toString(16)}\r\n${body}\r\n0\r\n\r\n`;
    draft.header('Transfer-Encoding', 'chunked');
    draft.header('Content-Length', String(body.length));
    return 'chunked and Content-Length';
  },
  'chunked-truncated': (draft) => {
    const body = bodyOrEmpty(draft);
    draft.rawBody = `${(body.length + 5).toString(16)}\r\n${body}`;
    draft.header('Transfer-Encoding', 'chunked');
    draft.mayNotAnswer = 'waits for the rest of a chunk that never comes';
    return 'chunk shorter than its size';
  },
  'unknown-transfer-coding': (draft) => {
    draft.rawBody = bodyOrEmpty(draft);
    draft.header('Transfer-Encoding', 'gzip');
    return 'Transfer-Encoding: gzip';
  },
  expect: (draft, rng) => {
    const value = rng.pick(['foo', '100-continue', '100-Continue, foo']);
    draft.header('Expect', value);
    draft.rawBody = bodyOrEmpty(draft);
    return `Expect: ${value}`;
  },
};

const HEADERS: Record<string, Variant> = {
  'header-too-large': (draft, rng) => {
    const size = rng.pick([16 * 1024, 17_000, 70_000]);
    if (rng.chance(0.5)) draft.header('X-Fuzz', 'a'.repeat(size));
    else for (let i = 0; i < size / 100; i++) draft.header(`X-Fuzz-${i}`, 'a'.repeat(94));
    return `${size} bytes of headers`;
  },
  'no-host': (draft) => {
    draft.host = false;
    return 'HTTP/1.1 without Host';
  },
  'two-hosts': (draft) => {
    draft.header('Host', '127.0.0.1');
    draft.header('Host', 'evil.example');
    return 'two Host headers';
  },
  'header-name-bytes': (draft, rng) => {
    const name = rng.pick(['X-Api-Key ', 'X\x01Fuzz', '(x)', 'X-\xe9', 'X Fuzz', '', 'X-Fuzz\x00']);
    draft.header(name, '1');
    return `header name ${JSON.stringify(name)}`;
  },
  'header-value-bytes': (draft, rng) => {
    const value = rng.pick(['a\x00b', 'a\x7fb', '\xe9\xff\x80', 'a\rb', ' a\x0bb', 'é']);
    draft.header(rng.pick(['X-Fuzz', 'X-Request-Id', 'User-Agent', 'Accept']), value);
    return `header value ${JSON.stringify(value)}`;
  },
  'obs-fold': (draft) => {
    draft.header('X-Fuzz', 'a\r\n b');
    return 'folded header line';
  },
  'key-non-ascii': (draft, rng, ctx) => {
    draft.dropHeader('X-Api-Key');
    draft.dropHeader('Authorization');
    const key = rng.pick(ctx.keys);
    draft.header('X-Api-Key', `${key.slice(0, -1)}${rng.pick(['\xe9', '\x80', '\xff'])}`);
    return 'X-Api-Key of the right length ending in a non-ASCII byte';
  },
  'admin-token-non-ascii': (draft, rng, ctx) => {
    draft.dropHeader('X-Admin-Token');
    const token = ctx.adminToken ?? 'x'.repeat(24);
    const at = rng.int(0, token.length - 1);
    const byte = rng.pick(['\xe9', '\x80', '\xff']);
    draft.header('X-Admin-Token', `${token.slice(0, at)}${byte}${token.slice(at + 1)}`);
    return 'X-Admin-Token of the right length with a non-ASCII byte';
  },
  'request-id': (draft, rng) => {
    const value = rng.pick(['', 'x'.repeat(2_000), '../../etc', '{"a":1}', 'a\tb']);
    draft.header('X-Request-Id', value);
    return `X-Request-Id of ${value.length} chars`;
  },
  forwarded: (draft, rng) => {
    const value = rng.pick(['1.2.3.4, 5.6.7.8', 'garbage', '', '999.999.999.999', '::ffff:x']);
    draft.header('X-Forwarded-For', value);
    draft.header('X-Forwarded-Host', rng.pick(['evil.example', '', 'a b']));
    return `X-Forwarded-For: ${value}`;
  },
};

const REQUEST_LINE: Record<string, Variant> = {
  method: (draft, rng) => {
    const methods = ['FOO', 'PROPFIND', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD', 'TRACE'];
    draft.method = rng.pick([...methods, 'get', 'SEARCH', 'QUERY', 'M-SEARCH', 'CONNECT']);
    return `method ${draft.method}`;
  },
  traversal: (draft, rng) => {
    draft.target = rng.pick([...TRAVERSALS, `${draft.path()}/../../openapi.json`]);
    draft.reportAs = '(traversal targets)';
    return `target ${draft.target}`;
  },
  'absolute-form': (draft, rng) => {
    const authority = rng.pick(['http://127.0.0.1', 'http://evil.example', 'HTTP://127.0.0.1:1']);
    draft.target = `${authority}${draft.path()}`;
    return `absolute-form target ${authority}`;
  },
  'asterisk-form': (draft, rng) => {
    draft.method = rng.pick(['OPTIONS', 'GET']);
    draft.target = '*';
    draft.reportAs = '(asterisk-form)';
    return `${draft.method} *`;
  },
  'target-bytes': (draft, rng) => {
    const junk = rng.pick([' x', '\xff', '\x00', '\x7f', '"<>', '\\', '{}|^`']);
    draft.target = `${draft.path()}${junk}`;
    return `target with ${JSON.stringify(junk)}`;
  },
  version: (draft, rng) => {
    draft.version = rng.pick([
      'HTTP/1.0',
      'HTTP/1.0',
      'HTTP/2.0',
      'HTTP/1.2',
      'HTTP/0.9',
      'http/1.1',
    ]);
    if (draft.version === 'HTTP/1.0' && rng.chance(0.5)) draft.host = false;
    return `version ${draft.version}`;
  },
};

const GROUPS = { framing: FRAMING, headers: HEADERS, line: REQUEST_LINE };

/** One protocol oddity per case; requests with a body get more of the framing ones. */
export function protocol(draft: Draft, rng: Prng, ctx: FuzzContext): void {
  const group = rng.weighted({ framing: draft.operation.body ? 4 : 2, headers: 4, line: 3 });
  const variants: Record<string, Variant> = GROUPS[group];
  const tag = rng.pick(Object.keys(variants));
  const detail = variants[tag](draft, rng, ctx);
  draft.describe(`protocol:${tag}`, detail);
}
