import type { NatsConnection, NodeConnectionOptions } from '@nats-io/transport-node';
import type { Logger } from '@nl/platform-logging';

/** Reconnect delays grow with the outage from this … */
const FIRST_DELAY_MS = 250;
/** … to at most this, so a service is back within about a second of NATS returning. */
const MAX_DELAY_MS = 1_000;

/**
 * Connection options shared by the gateway's client and every service's server: reconnect
 * forever (the library's default gives up after 10 attempts, ~20 s, and the process then stays
 * up but deaf), with a delay that grows with the outage, and pings often enough to notice a
 * server that vanished without closing the socket.
 */
export function natsConnectionOptions(servers: readonly string[], name: string) {
  let outageStarted = 0;
  const options = {
    servers: [...servers],
    name,
    maxReconnectAttempts: -1,
    pingInterval: 10_000,
    maxPingOut: 3,
    reconnectDelayHandler: () => {
      outageStarted ||= Date.now();
      const delay = Math.max(FIRST_DELAY_MS, (Date.now() - outageStarted) / 4);
      return Math.min(MAX_DELAY_MS, delay) + Math.floor(Math.random() * 100);
    },
  } satisfies NodeConnectionOptions;
  return {
    options,
    /** Call on every successful (re)connect, so the next outage starts with short delays. */
    connected: () => {
      outageStarted = 0;
    },
  };
}

/** What {@link natsConnectionOptions} returns: the options, and the hook for each connect. */
export type NatsConnectionSetup = ReturnType<typeof natsConnectionOptions>;

/** Socket errors of a server that is not there (yet): a reason to wait, not to give up. */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

/**
 * Whether a connection attempt failed because NATS does not answer (refused, no such host yet,
 * timed out), rather than because it refused this client (credentials, TLS): only the first
 * can heal by itself.
 */
export function isUnreachable(error: unknown): boolean {
  const { name, code } = (error ?? {}) as { name?: string; code?: string };
  return name === 'ConnectionError' || name === 'TimeoutError' || UNREACHABLE_CODES.has(code ?? '');
}

/**
 * For a process that starts while NATS does not answer (`firstError`): it goes on without it
 * (not ready), and this tries `attempt` again after each reconnect delay until it connects, or
 * until `stopped()` (the process is closing: then null). Logged once when it starts waiting and
 * once when it connects. A failure other than {@link isUnreachable} (NATS refused this client)
 * is logged as fatal and rejects: that one needs a restart.
 */
export async function connectWhenReachable<T>(
  attempt: () => Promise<T>,
  setup: { readonly connection: NatsConnectionSetup; readonly log: Logger; stopped(): boolean },
  firstError: unknown,
): Promise<T | null> {
  const since = Date.now();
  setup.log.error({ err: firstError }, 'NATS unreachable at start; not ready until it answers');
  for (;;) {
    const delay = setup.connection.options.reconnectDelayHandler();
    await new Promise((resolve) => setTimeout(resolve, delay).unref());
    if (setup.stopped()) return null;
    try {
      const connected = await attempt();
      setup.connection.connected();
      const downSeconds = Math.round((Date.now() - since) / 100) / 10;
      setup.log.info({ downSeconds }, 'NATS connected');
      return connected;
    } catch (error) {
      if (setup.stopped()) return null;
      if (!isUnreachable(error)) {
        setup.log.fatal(
          { err: error },
          'NATS refused the connection; this process needs a restart',
        );
        throw error;
      }
    }
  }
}

/** Nest's status names for the NATS client's events (Nest declares them as a const enum). */
export const NEST_STATUS: Readonly<Record<string, string>> = {
  disconnect: 'disconnected',
  reconnecting: 'reconnecting',
  reconnect: 'connected',
};

export interface ConnectionWatch {
  /** False once the connection closed without `intentionalClose` (it will not come back). */
  readonly alive: () => boolean;
  readonly intentionalClose: () => void;
}

/**
 * Logs every state change of a NATS connection once (disconnected, reconnecting, back), and
 * the connection's end if nobody closed it: then `alive()` turns false so liveness fails and
 * the orchestrator restarts the process.
 */
export function watchNatsConnection(
  connection: NatsConnection,
  logger: Logger,
  onConnected: () => void,
): ConnectionWatch {
  let closing = false;
  let alive = true;
  let downSince = 0;
  void (async () => {
    for await (const status of connection.status()) {
      if (status.type === 'disconnect' && !downSince) {
        downSince = Date.now();
        logger.error({ server: status.server }, 'NATS connection lost; reconnecting');
      } else if (status.type === 'reconnect') {
        const downSeconds = Math.round((Date.now() - downSince) / 100) / 10;
        downSince = 0;
        onConnected();
        logger.info({ server: status.server, downSeconds }, 'NATS connection restored');
      }
    }
  })().catch(() => undefined);
  void connection.closed().then((error) => {
    if (closing) return;
    alive = false;
    logger.fatal({ err: error }, 'NATS connection closed for good; this process needs a restart');
  });
  return {
    alive: () => alive,
    intentionalClose: () => {
      closing = true;
    },
  };
}
