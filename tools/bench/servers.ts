// The infrastructure the distributed profile needs. The bench checks it can reach each server
// before starting the apps, so a missing server skips that row with a reason instead of a
// 60-second readiness timeout (or a crash of the whole bench).
import { connect } from 'node:net';

interface Server {
  readonly env: 'NATS_URL' | 'DATABASE_URL' | 'REDIS_URL';
  readonly name: string;
  readonly fallback: string;
  readonly defaultPort: number;
}

const SERVERS: readonly Server[] = [
  { env: 'NATS_URL', name: 'NATS', fallback: 'nats://127.0.0.1:4222', defaultPort: 4222 },
  {
    env: 'DATABASE_URL',
    name: 'PostgreSQL',
    fallback: 'postgres://postgres@127.0.0.1:5432/test',
    defaultPort: 5432,
  },
  { env: 'REDIS_URL', name: 'Redis', fallback: 'redis://127.0.0.1:6379', defaultPort: 6379 },
];

/** NATS_URL, DATABASE_URL and REDIS_URL from the environment, or this machine's defaults. */
export function distributedUrls(): Record<Server['env'], string> {
  const urls = {} as Record<Server['env'], string>;
  for (const server of SERVERS)
    urls[server.env] = process.env[server.env]?.trim() || server.fallback;
  return urls;
}

/** Null when host:port accepts a TCP connection, else why not. */
export function canConnect(host: string, port: number, timeoutMs = 2_000): Promise<string | null> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    const done = (problem: string | null) => {
      socket.destroy();
      resolve(problem);
    };
    socket.setTimeout(timeoutMs, () => done(`no answer within ${timeoutMs} ms`));
    socket.once('connect', () => done(null));
    socket.once('error', (err: NodeJS.ErrnoException) => done(err.code ?? err.message));
  });
}

/** Why the distributed servers cannot be used, or null when every one accepts a TCP connection. */
export async function unreachableServers(): Promise<string | null> {
  const urls = distributedUrls();
  const problems: string[] = [];
  for (const server of SERVERS) {
    // NATS_URL may list several servers; the first one is enough to tell whether NATS is up.
    const url = new URL(urls[server.env].split(',')[0].trim());
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const port = Number(url.port || server.defaultPort);
    const problem = await canConnect(host, port);
    if (problem) problems.push(`${server.name} at ${host}:${port} unreachable (${problem})`);
  }
  return problems.length ? problems.join('; ') : null;
}
