import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { randomBytes } from 'node:crypto';

/**
 * A batch stream of one distributed stack's own (BATCH_STREAM): stacks share the machine's NATS
 * and database, and a worker of another stack (another test process) must not take this one's
 * tasks to its own services and fakes.
 */
export const newBatchStream = () => `e2e_${randomBytes(6).toString('hex')}`;

/** Deletes a stack's batch stream from the NATS of NATS_URL (none set: nothing was made there). */
export async function dropBatchStream(stream: string): Promise<void> {
  const servers = process.env['NATS_URL'];
  if (!servers) return;
  const nc = await connect({ servers: servers.split(','), timeout: 2_000 }).catch(() => null);
  if (!nc) return;
  try {
    const jsm = await jetstreamManager(nc);
    await jsm.streams.delete(stream).catch(() => false);
  } finally {
    await nc.close();
  }
}
