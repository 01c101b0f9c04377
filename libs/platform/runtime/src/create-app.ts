import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { describeConfig, type TrustedProxies } from '@nl/platform-config';
import { NestPinoLogger } from '@nl/platform-logging';
import { HealthRegistry, OpsServer, type HealthIndicator } from '@nl/platform-health';
import { serviceTransport, type ServiceServer } from '@nl/platform-transport';
import type { Server } from '@nestjs/microservices';
import { PlatformRootModule, type AppDefinition } from './platform-root.module.js';
import { serveStatus } from './service-status.js';
import { handleShutdownSignals } from './shutdown.js';

/** Largest JSON body the API accepts; every request body of the spec is a few hundred bytes. */
const BODY_LIMIT_BYTES = 64 * 1024;

/** Fastify's `trustProxy` for TRUSTED_PROXIES: false for nobody (no proxy-addr work per request). */
const trustProxyOf = (proxies: TrustedProxies): false | string[] =>
  proxies.length ? [...proxies] : false;

/** A service is ready only while its transport server is connected. */
function serverHealth(server: ServiceServer): HealthIndicator {
  return { name: 'transport', check: () => server.health() };
}

/** A service is alive while its transport connection can still come back by itself. */
function serverLiveness(server: ServiceServer): HealthIndicator {
  return {
    name: 'transport',
    check: async () =>
      server.alive()
        ? { status: 'up' }
        : { status: 'down', error: 'the NATS connection closed for good' },
  };
}

/**
 * Runs the rest of a start on a created app, which is closed again if that fails: a process
 * can then start again in-process (npm start's launcher falling back from the app's bundle)
 * without timers, connections or sockets left over from the failed start.
 */
async function closedOnFailure<T>(app: NestFastifyApplication, rest: () => Promise<T>): Promise<T> {
  try {
    return await rest();
  } catch (error) {
    await app.close().catch(() => undefined);
    throw error;
  }
}

/**
 * Builds an app on Fastify, starts its transport server when it serves a domain, and
 * initialises it (migrations, data loads, transport connections) without listening yet.
 */
export async function createApp(definition: AppDefinition): Promise<NestFastifyApplication> {
  const adapter = new FastifyAdapter({
    bodyLimit: BODY_LIMIT_BYTES,
    // Believed by request.ip, .protocol and .host: only proxies the operator named.
    trustProxy: trustProxyOf(definition.config.http.trustedProxies),
    logger: false,
    ...definition.fastify,
  });
  const app = await NestFactory.create<NestFastifyApplication>(
    PlatformRootModule.forRoot(definition),
    adapter,
    {
      logger: new NestPinoLogger(definition.logger.child({ context: 'nest' })),
      abortOnError: false,
    },
  );
  await closedOnFailure(app, async () => {
    handleShutdownSignals(app, definition.logger);
    await definition.configure?.(app);
    if (definition.serviceQueue) {
      const transport = serviceTransport(
        definition.config,
        definition.serviceQueue,
        definition.logger,
      );
      app.connectMicroservice(transport);
      serveStatus(
        transport.strategy as unknown as Server,
        definition.domainQueues ?? [definition.serviceQueue],
        app.get(HealthRegistry),
      );
      await app.startAllMicroservices();
      app.get(HealthRegistry).register(serverHealth(transport.strategy));
      app.get(HealthRegistry).registerLiveness(serverLiveness(transport.strategy));
    }
    await app.init();
  });
  return app;
}

/**
 * {@link createApp}, then listen on the configured host and port; returns the base URL.
 * `beforeListen` runs on the initialised app first: what it does is done once the app answers
 * (and `/health/ready` says so).
 */
export async function startApp(
  definition: AppDefinition,
  beforeListen?: (app: NestFastifyApplication) => Promise<void>,
): Promise<{ app: NestFastifyApplication; url: string }> {
  const app = await createApp(definition);
  const url = await closedOnFailure(app, async () => {
    await beforeListen?.(app);
    const { host, port } = definition.config.http;
    await app.listen(port, host);
    const address = app.getHttpServer().address();
    const actualPort = typeof address === 'object' && address ? address.port : port;
    const url = `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${actualPort}`;
    const metricsUrl = await app.get(OpsServer).listen();
    definition.logger.info(
      {
        url,
        ...(metricsUrl && { metricsUrl }),
        ...describeConfig(definition.config),
        settings: Object.assign({}, ...(definition.sections ?? []).map((s) => s.resolved)),
      },
      `${definition.config.service} listening`,
    );
    return url;
  });
  return { app, url };
}
