import { OpsServer } from '@nl/platform-health';
import {
  SHUTDOWN_SIGNALS,
  composeApp,
  createApp,
  type AppPart,
  handleShutdownSignals,
  type ShutdownSignal,
  type SignalHost,
} from '@nl/platform-runtime';
import { captureLogs, parsePrometheusText, sampleValue, testConfig } from '@nl/testing';
import type { Server } from 'node:http';
import { connect } from 'node:net';
import { PROFILES, jsonOf, type Stack, startStack } from './support/stack.js';

// The operator's side of every app: `/metrics` and the detailed readiness on the METRICS_PORT
// listener behind METRICS_TOKEN, the public port with the probes only, and the economy's,
// breakers' and datasets' metrics in a well-formed exposition.

const TOKEN = 'ops-spec-metrics-token-0123456789';
const OPS_ENV = { METRICS_PORT: '0', METRICS_TOKEN: TOKEN };
const BEARER = { authorization: `Bearer ${TOKEN}` };

describe.each(PROFILES)('operations endpoints (%s)', (profile) => {
  let api: Stack;
  let metricsUrl: string;

  beforeAll(async () => {
    api = await startStack(profile, { env: OPS_ENV, serviceEnv: OPS_ENV });
    metricsUrl = api.gateway.get(OpsServer).url() as string;
  });
  afterAll(() => api?.close());

  /** The gateway's exposition, parsed strictly (a malformed line fails the test). */
  async function scrape() {
    const res = await fetch(`${metricsUrl}/metrics`, { headers: BEARER });
    expect(res.status).toBe(200);
    return parsePrometheusText(await res.text());
  }

  it('should keep only the probes on the public port, the readiness without its details', async () => {
    expect((await api.fetch('/health/live')).status).toBe(200);
    const ready = await api.fetch('/health/ready', { headers: BEARER });
    expect(ready.status).toBe(200);
    expect(await jsonOf(ready)).toEqual({ status: expect.stringMatching(/^(ok|degraded)$/) });
    const metrics = await api.fetch('/metrics', { headers: BEARER });
    expect(metrics.status).toBe(404);
    expect(metrics.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(await jsonOf(metrics)).toMatchObject({ code: 'route_not_found', status: 404 });
  });

  it('should serve /metrics and the detailed readiness on the metrics port, with the token only', async () => {
    expect(metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(new URL(metricsUrl).port).not.toBe(new URL(api.url).port);
    const refused = await fetch(`${metricsUrl}/metrics`);
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toMatch(/^Bearer /);
    const wrong = await fetch(`${metricsUrl}/metrics`, { headers: { authorization: 'Bearer x' } });
    expect(wrong.status).toBe(401);

    const metrics = await fetch(`${metricsUrl}/metrics`, { headers: BEARER });
    expect(metrics.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const families = parsePrometheusText(await metrics.text());
    expect(families.get('gateway_requests_total')?.type).toBe('counter');
    expect(families.get('gateway_request_duration_seconds')?.type).toBe('histogram');

    const ready = await jsonOf(await fetch(`${metricsUrl}/health/ready`, { headers: BEARER }));
    expect(ready.checks.transport).toMatchObject({ status: 'up' });
    expect(await jsonOf(await fetch(`${metricsUrl}/health/ready`))).toEqual({
      status: ready.status,
    });
    expect((await fetch(`${metricsUrl}/health/live`)).status).toBe(200);
    expect((await fetch(`${metricsUrl}/v1/cbs/sbi/62.10`)).status).toBe(404);
    expect((await fetch(`${metricsUrl}/metrics`, { method: 'POST' })).status).toBe(405);
  });

  it('should give a domain service its own metrics port with its datasets in the readiness', async () => {
    const cbs = api.service('cbs').get(OpsServer).url() as string;
    const ready = await jsonOf(await fetch(`${cbs}/health/ready`, { headers: BEARER }));
    expect(ready.checks.sbi2025).toMatchObject({ status: 'up', size: expect.any(Number) });
    expect(ready.checks.sbi2025.size).toBeGreaterThan(1000);
    expect((await fetch(`${cbs}/metrics`)).status).toBe(401);
  });

  it('should count credits charged by endpoint, in credits', async () => {
    const before = sampleValue(await scrape(), 'gateway_credits_charged_total', {
      endpoint: 'cbs.sbi.lookup',
      payment: 'balance',
    });
    const { key } = await api.account({ tier: 'paid', credits: 10 });
    const charged: number[] = [];
    for (const code of ['62.10', '62.10', '01.11']) {
      const res = await api.get(`/v1/cbs/sbi/${code}`, { 'x-api-key': key });
      expect(res.status).toBe(200);
      charged.push(Number(res.headers.get('x-credits-charged')));
    }
    const after = sampleValue(await scrape(), 'gateway_credits_charged_total', {
      endpoint: 'cbs.sbi.lookup',
      payment: 'balance',
    });
    const sum = charged.reduce((a, b) => a + b, 0);
    expect(sum).toBeGreaterThan(0);
    expect((after ?? 0) - (before ?? 0)).toBeCloseTo(sum, 6);
  });

  it('should count 402 answers by endpoint and code', async () => {
    const labels = { endpoint: 'cbs.sbi.lookup', code: 'insufficient_credits' };
    const before = sampleValue(await scrape(), 'gateway_payment_required_total', labels) ?? 0;
    const { key } = await api.account({ tier: 'paid', credits: 0 });
    for (let i = 0; i < 2; i++)
      expect((await api.get('/v1/cbs/sbi/62.10', { 'x-api-key': key })).status).toBe(402);
    expect(sampleValue(await scrape(), 'gateway_payment_required_total', labels)).toBe(before + 2);
  });

  it('should count rate-limit rejections by endpoint and tier', async () => {
    const labels = { endpoint: 'ndw.truckparking.list', tier: 'trial' };
    const before = sampleValue(await scrape(), 'gateway_rate_limited_total', labels) ?? 0;
    const { key } = await api.account({ tier: 'trial', credits: 100 });
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++)
      statuses.push((await api.get('/v1/ndw/truckparking', { 'x-api-key': key })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
    expect(sampleValue(await scrape(), 'gateway_rate_limited_total', labels)).toBe(before + 2);
  });

  /** A service's exposition (in standalone, the one app's), parsed strictly. */
  async function scrapeService(name: 'rdw' | 'cbs') {
    const url = api.service(name).get(OpsServer).url() as string;
    return parsePrometheusText(await (await fetch(`${url}/metrics`, { headers: BEARER })).text());
  }

  it('should show each upstream’s circuit state and each dataset’s import age', async () => {
    const rdw = await scrapeService('rdw');
    expect(rdw.get('upstream_circuit_state')?.type).toBe('gauge');
    expect(sampleValue(rdw, 'upstream_circuit_state', { upstream: 'rdw' })).toBe(0);
    const cbs = await scrapeService('cbs');
    expect(cbs.get('dataset_import_age_seconds')?.type).toBe('gauge');
    const age = sampleValue(cbs, 'dataset_import_age_seconds', { dataset: 'sbi2025' });
    expect(age).toBeGreaterThanOrEqual(0);
    expect(age).toBeLessThan(24 * 3600);
  });
});

/** Signals without sending any: a stand-in for the process, and how it was told to end. */
function signalStandIn() {
  const listeners = new Map<ShutdownSignal, (signal: ShutdownSignal) => void>();
  let ended: (how: ShutdownSignal | 1) => void = () => undefined;
  const exited = new Promise<ShutdownSignal | 1>((resolve) => (ended = resolve));
  const host: SignalHost = {
    on: (signal, listener) => listeners.set(signal, listener),
    off: (signal) => listeners.delete(signal),
    exit: (how) => ended(how),
  };
  return { host, listeners, exited, signal: (name: ShutdownSignal) => listeners.get(name)?.(name) };
}

describe('shutdown on a signal', () => {
  /** Closes the app a failed test left open. */
  let cleanUp: () => Promise<void> = async () => undefined;
  afterAll(() => cleanUp());

  it('should log the signal, the drained port and the close with their times, then end by the signal', async () => {
    const logs = captureLogs('shutdown-spec');
    const config = testConfig('shutdown-spec', 'standalone');
    // createApp has put the process's own handlers in place; these listen on a stand-in.
    const app = await createApp(composeApp(config, logs.logger, []));
    cleanUp = () => app.close();
    const { host, listeners, exited, signal } = signalStandIn();
    handleShutdownSignals(app, logs.logger, host);
    expect([...listeners.keys()]).toEqual([...SHUTDOWN_SIGNALS]);
    await app.listen(0, '127.0.0.1');
    const url = await app.getUrl();

    signal('SIGTERM');
    expect(await exited).toBe('SIGTERM');
    cleanUp = async () => undefined;
    const lines = logs.lines().filter((l) => l.signal !== undefined || l.drainedMs !== undefined);
    expect(lines.map((l) => l.msg)).toEqual([
      'received SIGTERM: draining and closing',
      'public port drained',
      expect.stringMatching(/^closed in \d+ ms$/),
    ]);
    expect(lines[1].drainedMs).toEqual(expect.any(Number));
    expect(lines[2]).toMatchObject({ signal: 'SIGTERM', ms: expect.any(Number) });
    expect(lines[2].ms as number).toBeGreaterThanOrEqual(lines[1].drainedMs as number);
    expect(listeners.size).toBe(0);
    await expect(fetch(`${url}/health/live`)).rejects.toThrow();
  });

  it('should close the connection of every answer it gives while draining', async () => {
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    const slow: AppPart = {
      imports: [],
      configure: async (app) => {
        app
          .getHttpAdapter()
          .getInstance()
          .get('/slow', async () => {
            await released;
            return { done: true };
          });
      },
    };
    const logger = captureLogs('shutdown-spec').logger;
    const app = await createApp(
      composeApp(testConfig('shutdown-spec', 'standalone'), logger, [slow]),
    );
    cleanUp = () => app.close();
    const { host, exited, signal } = signalStandIn();
    handleShutdownSignals(app, logger, host);
    await app.listen(0, '127.0.0.1');
    const { port } = new URL(await app.getUrl());

    // A keep-alive connection whose request is under way when the signal comes.
    const socket = connect({ host: '127.0.0.1', port: Number(port) });
    const received = new Promise((resolve) =>
      (app.getHttpServer() as Server).once('request', resolve),
    );
    socket.write('GET /slow HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n\r\n');
    await received;
    let data = '';
    socket.on('data', (chunk: Buffer) => (data += chunk.toString('latin1')));
    const ended = new Promise((resolve) => socket.once('end', resolve));
    signal('SIGTERM');
    release();

    await ended;
    expect(data).toMatch(/^HTTP\/1\.1 200 /);
    expect(data.toLowerCase()).toContain('\r\nconnection: close\r\n');
    expect(await exited).toBe('SIGTERM');
    cleanUp = async () => undefined;
  });
});
