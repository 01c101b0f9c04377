import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Logger } from '@nl/platform-logging';
import { constants } from 'node:os';

/** The signals an app stops on: `docker stop` and the kubelet send SIGTERM, a terminal SIGINT. */
export const SHUTDOWN_SIGNALS = ['SIGTERM', 'SIGINT', 'SIGHUP', 'SIGQUIT'] as const;
export type ShutdownSignal = (typeof SHUTDOWN_SIGNALS)[number];

/** The process as the shutdown sees it, so a test can send a signal without sending one. */
export interface SignalHost {
  on(signal: ShutdownSignal, listener: (signal: ShutdownSignal) => void): unknown;
  off(signal: ShutdownSignal, listener: (signal: ShutdownSignal) => void): unknown;
  /** Ends the process: with 128 + the signal's number after a clean close, 1 otherwise. */
  exit(how: ShutdownSignal | 1): void;
}

const PROCESS_HOST: SignalHost = {
  on: (signal, listener) => process.on(signal, listener),
  off: (signal, listener) => process.off(signal, listener),
  // process.exit, not re-raising the signal: its 'exit' event lets pino write out what it
  // holds (stdout is written asynchronously); the code is the one a shell shows for the signal.
  exit: (how) => process.exit(how === 1 ? 1 : 128 + constants.signals[how]),
};

const msSince = (start: number) => Math.round(performance.now() - start);

/**
 * How long a shutdown may take before the process ends anyway: inside the 30 s Kubernetes and
 * Docker wait before they kill. Its timer also keeps the process alive while the close awaits
 * work that holds no handle of its own (without it Node may exit half-way, quietly).
 */
export const SHUTDOWN_DEADLINE_MS = 25_000;

/**
 * Closes the app on a shutdown signal, with a log line at each step: the signal received (new
 * requests are refused with 503 from here on, open ones finish, every answer with `Connection:
 * close` and its connection closed after it), the public port drained (its open requests
 * answered and its connections closed), and the app closed (transport, database, caches),
 * each with the milliseconds since the signal. Then the process exits with
 * the code a shell gives for the signal (143 for SIGTERM). A second signal while draining ends
 * it at once. Instead of Nest's `enableShutdownHooks`, which closes just as quietly.
 */
export function handleShutdownSignals(
  app: NestFastifyApplication,
  logger: Logger,
  host: SignalHost = PROCESS_HOST,
): void {
  let started: number | null = null;
  let drainedMs: number | null = null;
  const detach = () => {
    for (const signal of SHUTDOWN_SIGNALS) host.off(signal, onSignal);
  };
  const end = (how: ShutdownSignal | 1) => {
    detach();
    host.exit(how);
  };
  const fastify = app.getHttpAdapter().getInstance();
  // From the signal on, every answer closes its connection: a keep-alive one would invite the
  // client's next request onto a port that is about to close (a reset, or a 503), instead of a
  // new connection that the load balancer sends to another replica.
  fastify.addHook('onSend', (_request, reply, payload, done) => {
    if (started !== null) void reply.header('connection', 'close');
    done(null, payload);
  });
  // Fastify's onClose hooks run once its server has stopped and its requests are answered.
  fastify.addHook('onClose', (_instance, done) => {
    if (started !== null) {
      drainedMs = msSince(started);
      logger.info({ drainedMs }, 'public port drained');
    } else detach(); // closed by its owner (a test): nothing to listen for any more
    done();
  });

  function onSignal(signal: ShutdownSignal): void {
    if (started !== null) {
      logger.warn({ signal }, `second ${signal} while shutting down: exiting now`);
      end(signal);
      return;
    }
    started = performance.now();
    logger.info({ signal }, `received ${signal}: draining and closing`);
    const begun = started;
    const deadline = setTimeout(() => {
      logger.error({ signal, ms: msSince(begun) }, 'shutdown did not finish in time: exiting');
      end(1);
    }, SHUTDOWN_DEADLINE_MS);
    app.close().then(
      () => {
        clearTimeout(deadline);
        logger.info({ signal, drainedMs, ms: msSince(begun) }, `closed in ${msSince(begun)} ms`);
        end(signal);
      },
      (error: unknown) => {
        clearTimeout(deadline);
        logger.error({ signal, err: error, ms: msSince(begun) }, 'shutdown failed');
        end(1);
      },
    );
  }
  for (const signal of SHUTDOWN_SIGNALS) host.on(signal, onSignal);
}
