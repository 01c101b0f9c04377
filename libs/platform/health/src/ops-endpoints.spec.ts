import type { MetricsConfig, PlatformConfig } from '@nl/platform-config';
import { HealthRegistry } from './health.registry.js';
import { OpsEndpoints, type OpsPort } from './ops-endpoints.js';

const TOKEN = 'a-metrics-token-of-some-length';
const BEARER = `Bearer ${TOKEN}`;

function sutWith(metrics: Partial<MetricsConfig>) {
  const health = new HealthRegistry();
  health.register({ name: 'database', check: async () => ({ status: 'up', latencyMs: 2 }) });
  const config = { metrics: { port: null, host: '127.0.0.1', token: null, ...metrics } };
  return new OpsEndpoints(health, config as unknown as PlatformConfig);
}

/** What a GET shows: status, and for JSON whether the checks are in it. */
async function view(sut: OpsEndpoints, path: string, port: OpsPort, authorization?: string) {
  const answer = await sut.answer(path, port, authorization);
  if (!answer) return null;
  const type = answer.headers['content-type'];
  if (!type.includes('json')) return { status: answer.status, text: type };
  const body = JSON.parse(answer.body) as Record<string, unknown>;
  return { status: answer.status, detailed: 'checks' in body, code: body.code };
}

describe(OpsEndpoints.name, () => {
  describe('answer', () => {
    it('should serve everything on the public port with nothing configured (npm start)', async () => {
      const sut = sutWith({});
      expect(await view(sut, '/health/ready', 'public')).toEqual({ status: 200, detailed: true });
      expect(await view(sut, '/metrics', 'public')).toMatchObject({ status: 200 });
      expect(await view(sut, '/health/live', 'public')).toEqual({ status: 200, detailed: true });
    });

    it('should move /metrics and the detailed readiness to the metrics port when METRICS_PORT is set', async () => {
      const sut = sutWith({ port: 9464 });
      expect(await view(sut, '/metrics', 'public')).toEqual({
        status: 404,
        detailed: false,
        code: 'route_not_found',
      });
      expect(await view(sut, '/health/ready', 'public')).toEqual({ status: 200, detailed: false });
      expect(await view(sut, '/health/live', 'public')).toMatchObject({ status: 200 });
      expect(await view(sut, '/metrics', 'metrics')).toEqual({
        status: 200,
        text: 'text/plain; version=0.0.4; charset=utf-8',
      });
      expect(await view(sut, '/health/ready', 'metrics')).toEqual({ status: 200, detailed: true });
    });

    it('should ask for the token on the public port when only METRICS_TOKEN is set', async () => {
      const sut = sutWith({ token: TOKEN });
      expect(await view(sut, '/metrics', 'public')).toMatchObject({
        status: 401,
        code: 'unauthorized',
      });
      expect(await view(sut, '/metrics', 'public', `Bearer ${TOKEN}x`)).toMatchObject({
        status: 401,
      });
      expect(await view(sut, '/metrics', 'public', TOKEN)).toMatchObject({ status: 401 });
      expect(await view(sut, '/metrics', 'public', BEARER)).toMatchObject({ status: 200 });
      expect(await view(sut, '/metrics', 'public', `bearer  ${TOKEN}`)).toMatchObject({
        status: 200,
      });
      // Probes carry no token: they get the status, never a 401.
      expect(await view(sut, '/health/ready', 'public')).toEqual({ status: 200, detailed: false });
      expect(await view(sut, '/health/ready', 'public', BEARER)).toEqual({
        status: 200,
        detailed: true,
      });
    });

    it('should ask for the token on the metrics port when both are set', async () => {
      const sut = sutWith({ port: 9464, token: TOKEN });
      expect(await view(sut, '/metrics', 'metrics')).toMatchObject({ status: 401 });
      expect(await view(sut, '/metrics', 'metrics', BEARER)).toMatchObject({ status: 200 });
      expect(await view(sut, '/metrics', 'public', BEARER)).toMatchObject({ status: 404 });
      expect(await view(sut, '/health/ready', 'metrics')).toEqual({ status: 200, detailed: false });
      expect(await view(sut, '/health/ready', 'public', BEARER)).toEqual({
        status: 200,
        detailed: false,
      });
    });

    it('should keep 503 for an unready app in the status-only view', async () => {
      const health = new HealthRegistry();
      health.register({ name: 'database', check: async () => ({ status: 'down' }) });
      const config = { metrics: { port: 9464, host: '127.0.0.1', token: null } };
      const sut = new OpsEndpoints(health, config as unknown as PlatformConfig);
      const answer = await sut.answer('/health/ready', 'public', undefined);
      expect(answer?.status).toBe(503);
      expect(JSON.parse(answer?.body ?? '')).toEqual({ status: 'error' });
    });

    it('should leave other paths to the router', async () => {
      expect(await sutWith({}).answer('/healthz', 'public', undefined)).toBeNull();
    });
  });
});
