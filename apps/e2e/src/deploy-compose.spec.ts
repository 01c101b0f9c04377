import { existsSync } from 'node:fs';
import { join, posix } from 'node:path';
import { parse } from 'yaml';
import { APPS, ROOT, readRepoFile as read } from './support/deploy-files.js';

// docker/compose.yaml checked statically (no container engine is needed, and there is none on
// the project machine): it builds and starts every app with its wiring, the gateway last.

const URL_VARS = { NATS_URL: 'nats:', DATABASE_URL: 'postgres:', REDIS_URL: 'redis:' } as const;

// Parsed YAML is untyped; the tests below check its shape.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Y = any;

/** Compose `${VAR:-default}` interpolation, with defaults only (no environment). */
const interpolate = (value: string) =>
  value.replace(/\$\{\w+(?::?-([^}]*))?\}/g, (_, fallback?: string) => fallback ?? '');

function composeEnv(service: Y): Record<string, string> {
  const env = service.environment ?? {};
  const entries: [string, unknown][] = Array.isArray(env)
    ? env.map((e: string) => e.split(/=(.*)/s).slice(0, 2) as [string, string])
    : Object.entries(env);
  return Object.fromEntries(entries.map(([k, v]) => [k, interpolate(String(v ?? ''))]));
}

describe('docker/compose.yaml', () => {
  const load = (): Y => parse(read('docker/compose.yaml'), { merge: true });

  it.each(APPS)(
    'should build %s from docker/Dockerfile with its APP arg and the repository root as context',
    (app) => {
      const service = load().services?.[app];
      expect(service).toBeDefined();
      const build = typeof service.build === 'string' ? { context: service.build } : service.build;
      expect(posix.normalize(posix.join('docker', build.context ?? '.'))).toBe('.');
      expect(build.dockerfile).toBe('docker/Dockerfile');
      expect(existsSync(join(ROOT, build.dockerfile))).toBe(true);
      const buildArgs = Array.isArray(build.args)
        ? Object.fromEntries(build.args.map((a: string) => a.split('=')))
        : build.args;
      expect(buildArgs?.APP).toBe(app);
    },
  );

  it.each(APPS)('should give %s the three URLs, pointing at services of the file', (app) => {
    const compose = load();
    const service = compose.services[app];
    const env = composeEnv(service);
    for (const [name, protocol] of Object.entries(URL_VARS)) {
      expect(env[name]).toBeDefined();
      const url = new URL(env[name]);
      expect(url.protocol).toBe(protocol);
      expect(Object.keys(compose.services)).toContain(url.hostname);
      const dependsOn = Array.isArray(service.depends_on)
        ? service.depends_on
        : Object.keys(service.depends_on ?? {});
      expect(dependsOn).toContain(url.hostname);
    }
  });

  it('should wait for a healthy Postgres whose database the URLs name, and run NATS with JetStream', () => {
    const compose = load();
    const postgres = compose.services.postgres;
    expect(String(postgres.image)).toMatch(/^postgres:16/);
    expect(JSON.stringify(postgres.healthcheck?.test)).toMatch(/pg_isready/);
    const database = composeEnv(postgres).POSTGRES_DB;
    expect(database).toBe('nldata');
    for (const app of APPS) {
      expect(new URL(composeEnv(compose.services[app]).DATABASE_URL).pathname).toBe(`/${database}`);
      expect(compose.services[app].depends_on?.postgres?.condition).toBe('service_healthy');
    }
    expect(String(compose.services.nats.image)).toMatch(/^nats:2/);
    expect([compose.services.nats.command].flat().join(' ')).toMatch(/(^|\s)-js(\s|$)/);
  });

  it('should publish the gateway on 3000, its metrics on 127.0.0.1 only, and no port of a service', () => {
    const services = load().services;
    expect((services.gateway.ports ?? []).map(String).sort()).toEqual([
      '127.0.0.1:9464:9464',
      '3000:3000',
    ]);
    for (const app of APPS.filter((a) => a !== 'gateway'))
      expect({ app, ports: services[app].ports ?? [] }).toEqual({ app, ports: [] });
  });

  it('should point the validation service at VIES and start the gateway after it', () => {
    const services = load().services;
    expect(services.validation.environment.VIES_URL).toMatch(/^https:\/\/ec\.europa\.eu\//);
    expect(services.gateway.depends_on.validation).toEqual({ condition: 'service_healthy' });
  });

  it('should point the property service at PDOK, BAG and WOZ, with no BAG key in the file, and start the gateway after it', () => {
    const { environment } = load().services.property;
    expect(environment.PDOK_URL).toBe('https://api.pdok.nl/bzk/locatieserver/search/v3_1');
    expect(environment.BAG_URL).toMatch(/^https:\/\/api\.bag\.kadaster\.nl\//);
    expect(environment.WOZ_URL).toMatch(/^https:\/\/api\.kadaster\.nl\/lvwoz\//);
    expect(environment.BAG_API_KEY).toBe('${BAG_API_KEY:-}');
    expect(load().services.gateway.depends_on.property).toEqual({ condition: 'service_healthy' });
  });
});

describe('docker/compose.yaml: every app, the operator’s side', () => {
  const load = (): Y => parse(read('docker/compose.yaml'), { merge: true });

  it('should build exactly the apps (and start nothing else but NATS, PostgreSQL and Redis)', () => {
    const services = load().services as Record<string, Y>;
    const built = Object.keys(services).filter((name) => services[name].build);
    expect(built.sort()).toEqual([...APPS].sort());
    const others = Object.keys(services).filter((name) => !services[name].build);
    expect(others.sort()).toEqual(['nats', 'postgres', 'redis']);
  });

  it('should start the gateway after every domain service is healthy', () => {
    const dependsOn = load().services.gateway.depends_on;
    for (const app of APPS.filter((a) => a !== 'gateway'))
      expect({ app, condition: dependsOn[app]?.condition }).toEqual({
        app,
        condition: 'service_healthy',
      });
  });

  it.each(APPS)('should give %s its metrics port, read-only with a writable /tmp', (app) => {
    const service = load().services[app];
    expect(composeEnv(service)).toMatchObject({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' });
    expect(service.read_only).toBe(true);
    expect(service.tmpfs).toEqual(['/tmp']);
  });

  it('should take ADMIN_TOKEN and the upstream keys from the environment, never as literals', () => {
    const services = load().services;
    expect(services.gateway.environment.ADMIN_TOKEN).toBe('${ADMIN_TOKEN:-}');
    expect(services.kvk.environment.KVK_API_KEY).toBe('${KVK_API_KEY:-}');
    for (const app of APPS.filter((a) => a !== 'gateway'))
      expect(composeEnv(services[app]).ADMIN_TOKEN).toBeUndefined();
  });

  it('should say in its header how to start it and how to get the first key, naming every app', () => {
    const text = read('docker/compose.yaml');
    const header = text.slice(0, text.indexOf('\nname:'));
    for (const app of APPS.filter((a) => a !== 'gateway')) expect(header).toContain(app);
    expect(header).toContain('docker compose -f docker/compose.yaml up --build');
    expect(header).toMatch(
      /run --rm --no-deps gateway\s*\\?\s*#?\s*node dist\/tools\/admin\/admin\.js bootstrap/,
    );
    // The admin CLI is in the image the command runs.
    expect(read('docker/Dockerfile')).toMatch(/COPY --from=build \/app\/dist\/tools\/admin /);
  });
});
