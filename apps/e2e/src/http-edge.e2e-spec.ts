import { OutageMonitor } from '@nl/platform-health';
import { captureLogs, parsePrometheusText, sampleValue } from '@nl/testing';
import type { Server } from 'node:http';
import { connect } from 'node:net';
import { rawRequest, type RawResponse } from './support/raw-http.js';
import {
  PROFILES,
  expectRefusedUncharged,
  jsonOf,
  startStack,
  type Stack,
} from './support/stack.js';

// What the gateway's edge does with requests that go wrong before any endpoint's code runs: a
// client that goes away mid-body, a query that is not valid percent-encoding, two Host
// headers, a body over the limit; and what of them reaches the log and the metrics.

const PROBLEM = /^application\/problem\+json/;

type Line = Record<string, unknown>;

function expectProblem(res: RawResponse, status: number, code: string) {
  expect({ status: res.status, type: res.headers['content-type'] }).toEqual({
    status,
    type: expect.stringMatching(PROBLEM),
  });
  expect(JSON.parse(res.body)).toMatchObject({ status, code });
}

/** Polls `lines` until one matches `predicate` (at most 10 s): what a request left in the log. */
async function logLine(lines: () => Line[], predicate: (line: Line) => boolean): Promise<Line> {
  for (let waited = 0; waited < 10_000; waited += 20) {
    const found = lines().find(predicate);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('no such log line');
}

describe.each(PROFILES)('the HTTP edge (%s)', (profile) => {
  const logs = captureLogs('e2e', 'info');
  let api: Stack;
  let key: string;
  const raw = (request: string) => rawRequest(api.url, request);

  beforeAll(async () => {
    api = await startStack(profile, { logger: logs.logger });
    key = api.auth['x-api-key'];
  });
  afterAll(() => api?.close());

  describe('a client that closes the connection in the middle of its body', () => {
    it('should be logged as an aborted request, not as a database outage', async () => {
      const logged = logs.lines().length;
      const server = api.gateway.getHttpServer() as Server;
      const received = new Promise((resolve) => server.once('request', resolve));
      const { hostname, port } = new URL(api.url);
      const socket = connect({ host: hostname, port: Number(port) });
      socket.write(
        'POST /v1/validate/vat HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
          'Content-Length: 1000\r\n\r\n{"vat_number":"NL',
      );
      await received;
      socket.destroy();

      const line = await logLine(
        () => logs.lines().slice(logged),
        (l) => l.path === '/v1/validate/vat' || /unavailable|unexpected/.test(String(l.msg)),
      );
      expect(line).toMatchObject({ msg: 'request', level: 'info', status: 499, aborted: true });
      expect(api.gateway.get(OutageMonitor).isDown('database')).toBe(false);
      const since = logs.lines().slice(logged);
      expect(since.filter((l) => l.level === 'error' || l.level === 'warn')).toEqual([]);
    });
  });

  describe('malformed percent-encoding in a query', () => {
    it.each(['%zz', '%c0%80', '%E2%82', 'a%', '%%41'])(
      'should answer q=%s with a field error, charging nothing',
      async (q) => {
        await expectRefusedUncharged(api, `/v1/cbs/sbi/search?q=${q}`, 'q');
      },
    );

    it('should refuse it in a parameter the endpoint does not read too, and on any route', async () => {
      for (const path of ['/v1/cbs/sbi/6210?x=%zz', '/v1/account?x=%c0%80']) {
        const res = await api.get(path);
        expect({ path, status: res.status }).toEqual({ path, status: 400 });
        expect(res.headers.get('x-credits-charged') ?? '0.00').toBe('0.00');
        expect(await jsonOf(res)).toMatchObject({
          code: 'validation_failed',
          errors: [{ field: 'x', message: 'x is not valid percent-encoded UTF-8' }],
        });
      }
    });

    it('should name a malformed parameter name as it was sent', async () => {
      const res = await api.get('/v1/cbs/sbi/search?q=bank&%zz=1');
      expect(res.status).toBe(400);
      expect((await jsonOf(res)).errors).toEqual([
        { field: '%zz', message: '%zz is not valid percent-encoded UTF-8' },
      ]);
    });

    it('should still read well-formed encodings, plus signs and empty values', async () => {
      const res = await api.get('/v1/cbs/sbi/search?q=bank%C3%A9+of&limit=5&');
      expect(res.status).toBe(200);
    });
  });

  describe('two Host headers', () => {
    it.each([['Host: a\r\nHost: b'], ['Host: a\r\nhost: a']])(
      'should answer %j with 400',
      async (hosts) => {
        const res = await raw(
          `GET /v1/cbs/sbi/6210 HTTP/1.1\r\n${hosts}\r\nX-Api-Key: ${key}\r\nConnection: close\r\n\r\n`,
        );
        expectProblem(res, 400, 'bad_request');
        expect(JSON.parse(res.body).detail).toBe('Send one Host header.');
      },
    );
  });

  describe('refusals before the pipeline runs', () => {
    it('should log a 413 and count it in the metrics like any answer', async () => {
      const metrics = async () => {
        const scraped = parsePrometheusText(await (await api.fetch('/metrics')).text());
        const labels = { endpoint: 'validation.vat.check', status: '413' };
        return {
          requests: sampleValue(scraped, 'gateway_requests_total', labels) ?? 0,
          durations:
            sampleValue(scraped, 'gateway_request_duration_seconds_count', {
              endpoint: 'validation.vat.check',
            }) ?? 0,
        };
      };
      const before = await metrics();
      const res = await api.fetch('/v1/validate/vat', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-request-id': 'over-the-limit-1' },
        body: JSON.stringify({ vat_number: 'x'.repeat(5_000) }),
      });
      expect(res.status).toBe(413);
      expect(await jsonOf(res)).toMatchObject({ code: 'payload_too_large' });
      const line = await logLine(logs.lines, (l) => l.requestId === 'over-the-limit-1');
      expect(line).toMatchObject({
        msg: 'request',
        endpoint: 'validation.vat.check',
        method: 'POST',
        path: '/v1/validate/vat',
        status: 413,
        ms: expect.any(Number),
      });
      const after = await metrics();
      expect(after.requests - before.requests).toBe(1);
      expect(after.durations - before.durations).toBe(1);
    });
  });

  describe('API keys in URLs', () => {
    it.each([
      ['encoded once', (k: string) => k.replace(/_/g, '%5F')],
      ['encoded twice', (k: string) => k.replace(/_/g, '%255F')],
      ['encoded twice, lower case', (k: string) => k.replace(/_/g, '%255f')],
      ['encoded three times', (k: string) => k.replace(/_/g, '%25255F')],
      [
        'every character encoded twice',
        (k: string) => [...k].map((c) => `%25${c.charCodeAt(0).toString(16)}`).join(''),
      ],
      [
        'mixed',
        (k: string) => `${k.slice(0, 12)}%25${k.charCodeAt(12).toString(16)}${k.slice(13)}`,
      ],
    ])('should keep a key %s out of the log', async (_how, encode) => {
      const requestId = `key-in-url-${_how.replace(/\W/g, '-')}`;
      for (const path of [`/v1/cbs/sbi/6210?api_key=${encode(key)}`, `/v1/cbs/sbi/${encode(key)}`])
        await (await api.fetch(path, { headers: { 'x-request-id': requestId } })).arrayBuffer();
      await logLine(logs.lines, (l) => l.requestId === requestId);
      const text = logs.text();
      expect(text).not.toContain(key.slice(15));
      expect(text).not.toContain(encode(key).slice(-20));
    });
  });
});
