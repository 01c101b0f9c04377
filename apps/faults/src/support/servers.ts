// Private NATS, Redis and PostgreSQL servers on free ports in a temp dir: the shared servers on
// 4222/5432/6379 belong to other work and are never touched. Each server can be killed the way
// a fault needs and started again on the same port and data.
import { chown, mkdir, readFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { join } from 'node:path';
import pg from 'pg';
import { BINARIES } from './binaries.js';
import {
  OutputTail,
  freePort,
  makeTempDir,
  startProcess,
  stopProcess,
  waitFor,
  type Proc,
  type SpawnOptions,
} from './processes.js';

const HOST = '127.0.0.1';
/** Checked by the spec before anything starts (missingBinaries): only a found path is used here. */
const bin = (path: string | null) => path ?? 'missing';
const PG_BIN = bin(BINARIES.postgres);
export const DATABASE_NAME = 'faults';

export class Server {
  readonly output = new OutputTail(40);
  private proc?: Proc;

  constructor(
    readonly name: string,
    readonly port: number,
    readonly url: string,
    private readonly command: string,
    private readonly args: readonly string[],
    /** True once the server answers its protocol (not merely accepts TCP). */
    readonly ready: () => Promise<boolean>,
    private readonly spawnOptions: SpawnOptions = {},
  ) {}

  async start(timeoutMs = 20_000): Promise<void> {
    this.proc = startProcess(this.name, this.command, this.args, {
      ...this.spawnOptions,
      output: this.output,
    });
    if (!(await waitFor(this.ready, timeoutMs)))
      throw new Error(`${this.name} did not come up on ${this.port}:\n${this.tail()}`);
  }

  /** Stops it with `signal` (SIGKILL, or SIGQUIT for PostgreSQL's immediate stop). */
  async kill(signal: NodeJS.Signals): Promise<void> {
    if (this.proc) await stopProcess(this.proc, signal);
  }

  tail(): string {
    return this.output.all.slice(-15).join('\n');
  }
}

/** Sends `greeting` (if any) and resolves with the first bytes the server answers. */
function talk(port: number, greeting?: string, timeoutMs = 1_000): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: HOST, port });
    const timer = setTimeout(() => socket.destroy(new Error('no answer')), timeoutMs);
    socket.once('connect', () => greeting && socket.write(greeting));
    socket.once('data', (data) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(data.toString('latin1'));
    });
    socket.once('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
  });
}

/**
 * NATS on a free port (or `port`: a server taking over from one that ran differently); with
 * `storeDir`, JetStream too, its file store in that dir, so streams and consumers outlive a
 * restart as they do on a server with a volume (compose runs it with `-js`).
 */
export async function natsServer(storeDir?: string, onPort?: number): Promise<Server> {
  const port = onPort ?? (await freePort());
  const jetstream = storeDir === undefined ? [] : ['-js', '-sd', storeDir];
  return new Server(
    'nats',
    port,
    `nats://${HOST}:${port}`,
    bin(BINARIES.nats),
    ['-a', HOST, '-p', String(port), ...jetstream],
    async () => (await talk(port)).startsWith('INFO '),
  );
}

export async function redisServer(dir: string): Promise<Server> {
  const port = await freePort();
  // No persistence: a restarted Redis is empty, as one that lost its memory would be.
  const args = ['--port', String(port), '--bind', HOST, '--save', '', '--appendonly', 'no'];
  return new Server(
    'redis',
    port,
    `redis://${HOST}:${port}`,
    bin(BINARIES.redis),
    [...args, '--dir', dir],
    async () => (await talk(port, 'PING\r\n')).startsWith('+PONG'),
  );
}

/** The uid and gid of `postgres` when we run as root (PostgreSQL refuses to run as root). */
async function postgresUser(): Promise<{ uid: number; gid: number } | undefined> {
  if (process.getuid?.() !== 0) return undefined;
  const passwd = await readFile('/etc/passwd', 'utf8');
  const fields = passwd.split('\n').find((line) => line.startsWith('postgres:'));
  if (!fields) throw new Error('running as root, but there is no postgres user to run PostgreSQL');
  const [, , uid, gid] = fields.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

async function pgQuery(port: number, database: string, sql: string): Promise<void> {
  const client = new pg.Client({ host: HOST, port, user: 'postgres', database });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query(sql);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * initdb into `dir`, then a server with fsync off: that loses data only if the machine dies.
 * synchronous_commit stays on: with it off, a commit acknowledged just before the immediate
 * stop of fault (d) would be lost, and the ledger check would blame the gateway for it.
 */
export async function postgresServer(dir: string): Promise<Server> {
  const user = await postgresUser();
  const data = join(dir, 'pgdata');
  const sockets = join(dir, 'pgsock');
  for (const path of [data, sockets]) {
    await mkdir(path, { recursive: true });
    if (user) await chown(path, user.uid, user.gid);
  }
  const initdb = startProcess('initdb', `${PG_BIN}/initdb`, initdbArgs(data), { user });
  const result = await initdb.exited;
  if (result !== 'exit 0')
    throw new Error(`initdb failed (${result}):\n${initdb.output.all.join('\n')}`);
  const port = await freePort();
  const settings = ['fsync=off'];
  const args = ['-D', data, '-p', String(port), '-k', sockets, '-h', HOST];
  return new Server(
    'postgres',
    port,
    `postgres://postgres@${HOST}:${port}/${DATABASE_NAME}`,
    `${PG_BIN}/postgres`,
    [...args, ...settings.flatMap((s) => ['-c', s])],
    () => pgQuery(port, 'postgres', 'SELECT 1').then(() => true),
    { user },
  );
}

function initdbArgs(data: string): string[] {
  return ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-locale', '--no-sync'];
}

export interface Servers {
  readonly nats: Server;
  readonly redis: Server;
  readonly postgres: Server;
  readonly dir: string;
}

/**
 * Starts the three servers and creates the database; the temp dir goes with the suite.
 * `jetstream`: NATS keeps JetStream streams in the temp dir (the batch queue needs them).
 */
export async function startServers(options: { jetstream?: boolean } = {}): Promise<Servers> {
  const dir = await makeTempDir('nl-faults-');
  const user = await postgresUser();
  if (user) await chown(dir, user.uid, user.gid);
  const nats = await natsServer(options.jetstream ? join(dir, 'nats') : undefined);
  const redis = await redisServer(dir);
  const postgres = await postgresServer(dir);
  const servers = [nats, redis, postgres];
  try {
    await Promise.all(servers.map((server) => server.start()));
    await pgQuery(postgres.port, 'postgres', `CREATE DATABASE ${DATABASE_NAME}`);
  } catch (error) {
    // The harness never learns of these servers, so it could not stop them.
    await Promise.all(servers.map((server) => server.kill('SIGKILL')));
    throw error;
  }
  return { nats, redis, postgres, dir };
}

/** Stops the servers as an operator would: PostgreSQL's fast shutdown, the others by SIGTERM. */
export async function stopServers(servers: Servers | undefined): Promise<void> {
  // PostgreSQL's fast shutdown is SIGINT; SIGTERM would wait for the (closed) clients.
  await servers?.postgres.kill('SIGINT');
  await servers?.redis.kill('SIGTERM');
  await servers?.nats.kill('SIGTERM');
}
