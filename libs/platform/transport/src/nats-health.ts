import type { HealthResult } from '@nl/platform-health';

interface NatsConnectionLike {
  isClosed(): boolean;
  flush(): Promise<void>;
}

/**
 * A NATS connection is healthy when a round trip to the server completes: `isClosed()` alone
 * stays false while the client is reconnecting. The health registry's timeout turns a flush
 * that hangs during an outage into `down`.
 */
export async function natsHealth(connection: NatsConnectionLike | null): Promise<HealthResult> {
  if (!connection)
    return { status: 'down', kind: 'nats', error: 'not connected: NATS has not answered yet' };
  if (connection.isClosed()) return { status: 'down', kind: 'nats', error: 'connection closed' };
  const started = performance.now();
  await connection.flush();
  return { status: 'up', kind: 'nats', rttMs: Math.round((performance.now() - started) * 10) / 10 };
}
