import { Duplex } from 'node:stream';
import { serialize } from 'pg-protocol';
import { Worker } from 'node:worker_threads';

export type Lane = 'session' | 'auto';

interface Reply {
  readonly id?: number;
  readonly bytes?: Uint8Array;
  readonly error?: string;
  readonly ready?: boolean;
  readonly failed?: string;
  readonly closed?: boolean;
}

/** A statement for {@link PGliteThread.execute}: prepared once under `name`. */
export interface Statement {
  readonly name: string;
  readonly text: string;
  readonly values: readonly (Buffer | string | null)[];
}

interface Waiter {
  resolve(bytes: Buffer): void;
  reject(error: Error): void;
}

/** What the server says to a new connection: AuthenticationOk, then ReadyForQuery (idle). */
const GREETING = Buffer.from([0x52, 0, 0, 0, 8, 0, 0, 0, 0, 0x5a, 0, 0, 0, 5, 0x49]);
const TERMINATE = 0x58; // 'X'
const noop = (): void => undefined;

/**
 * PGlite in a worker thread: the embedded database's WebAssembly runs on a core of its own, and the
 * serving thread only moves wire-protocol bytes. node-postgres talks to it through {@link stream};
 * the credits' group commits go in on the `auto` lane, without waiting for the connection, so one
 * commit can be queued while the one before it runs (pglite.worker.mjs).
 */
export class PGliteThread {
  private readonly waiting = new Map<number, Waiter>();
  /** Statements prepared on the session for {@link execute}. */
  private readonly prepared = new Set<string>();
  private nextId = 0;
  private stopped?: Error;
  private closing?: Promise<void>;

  private constructor(
    private readonly worker: Worker,
    /** The database's directory (its files and, beside them, the credit journal). */
    readonly dataDir: string,
  ) {
    worker.on('message', (reply: Reply) => this.receive(reply));
    worker.on('error', (error) => this.stop(error));
    worker.on('exit', (code) =>
      this.stop(new Error(`the embedded database thread exited (${code})`)),
    );
  }

  /** Starts the thread and opens the database in `dataDir` with the extra start `settings`. */
  static async start(dataDir: string, settings: readonly string[]): Promise<PGliteThread> {
    const worker = new Worker(new URL('./pglite.worker.mjs', import.meta.url), {
      workerData: { dataDir, settings },
      // The thread allocates little but message buffers: a small young generation keeps ~15 MB
      // less resident at idle (the target is 250 MB) and cost nothing the bench could measure.
      resourceLimits: { maxYoungGenerationSizeMb: 1 },
    });
    await new Promise<void>((resolve, reject) => {
      const fail = (error: Error) => reject(error);
      worker.once('error', fail);
      worker.once('exit', (code) =>
        fail(new Error(`the embedded database did not start (${code})`)),
      );
      worker.once('message', (reply: Reply) => {
        worker.off('error', fail);
        worker.removeAllListeners('exit');
        if (reply.ready) resolve();
        else reject(new Error(`the embedded database did not start: ${reply.failed}`));
      });
    });
    worker.unref();
    return new PGliteThread(worker, dataDir);
  }

  get closed(): boolean {
    return this.stopped !== undefined;
  }

  /** Runs wire-protocol `bytes` (whole messages) on `lane`; resolves with the server's reply. */
  exec(bytes: Uint8Array, lane: Lane): Promise<Buffer> {
    if (this.stopped) return Promise.reject(this.stopped);
    const id = this.nextId++;
    return new Promise<Buffer>((resolve, reject) => {
      // The thread keeps the process alive only while it owes an answer.
      if (!this.waiting.size) this.worker.ref();
      this.waiting.set(id, { resolve, reject });
      // A copy of exactly these bytes moves over (a pooled Buffer would clone its whole pool).
      const owned = new Uint8Array(bytes);
      this.worker.postMessage({ id, lane, bytes: owned }, [owned.buffer]);
    });
  }

  /**
   * Runs one statement on the `auto` lane (outside the app's connection, never inside one of its
   * transactions) with its values as parameters (Buffers go as binary); throws the server's
   * error. The statement is prepared once, under its name, and planned from then on as the
   * server sees fit.
   */
  async execute({ name, text, values }: Statement): Promise<void> {
    const parse = this.prepared.has(name)
      ? []
      : // Closing first makes a name whose first run failed after its Parse (so it is prepared on
        // the server) preparable again; closing an unknown name is no error.
        [serialize.close({ type: 'S', name }), serialize.parse({ name, text })];
    this.prepared.add(name);
    const reply = await this.exec(
      Buffer.concat([
        ...parse,
        serialize.bind({ statement: name, values: [...values] }),
        serialize.execute(),
        serialize.sync(),
      ]),
      'auto',
    ).catch((error: unknown) => {
      this.prepared.delete(name);
      throw error;
    });
    const error = serverError(reply);
    if (!error) return;
    if (parse.length) this.prepared.delete(name);
    throw error;
  }

  /** A node-postgres stream (its `stream` option) onto this database's session. */
  stream(): Duplex {
    return new ThreadStream(this);
  }

  /** Closes the database once the session's queued statements ran; the thread then ends. */
  close(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    this.closing ??= new Promise<void>((resolve) => {
      this.worker.ref();
      this.worker.once('exit', () => resolve());
      this.worker.postMessage({ close: true });
    });
    return this.closing;
  }

  private receive(reply: Reply): void {
    if (reply.closed) {
      this.stop(new Error('the embedded database is closed'));
      return;
    }
    if (reply.id === undefined) return;
    const waiter = this.waiting.get(reply.id);
    this.waiting.delete(reply.id);
    if (!this.waiting.size) this.worker.unref();
    if (!waiter) return;
    if (reply.bytes) {
      const { buffer, byteOffset, byteLength } = reply.bytes;
      waiter.resolve(Buffer.from(buffer, byteOffset, byteLength));
    } else waiter.reject(new Error(reply.error ?? 'the embedded database failed'));
  }

  private stop(error: Error): void {
    this.stopped ??= error;
    for (const waiter of this.waiting.values()) waiter.reject(this.stopped);
    this.waiting.clear();
  }
}

/** The ErrorResponse in a reply, as an Error with the server's message and SQLSTATE `code`. */
function serverError(reply: Buffer): Error | undefined {
  for (let at = 0; at + 5 <= reply.length; at += 1 + reply.readInt32BE(at + 1)) {
    if (reply[at] !== 0x45) continue; // 'E'
    const fields = new Map<string, string>();
    const end = at + 1 + reply.readInt32BE(at + 1);
    for (let f = at + 5; f < end && reply[f] !== 0;) {
      const stop = reply.indexOf(0, f + 1);
      fields.set(String.fromCharCode(reply[f]), reply.toString('utf8', f + 1, stop));
      f = stop + 1;
    }
    return Object.assign(new Error(fields.get('M') ?? 'the embedded database failed'), {
      code: fields.get('C'),
    });
  }
  return undefined;
}

/**
 * A connection's byte stream for node-postgres. It answers the startup message itself (PGlite's
 * one session needs no authentication) and hands everything written in one turn of the event
 * loop to the thread at once: a query's parse, bind, describe, execute and sync in one trip.
 */
class ThreadStream extends Duplex {
  private started = false;
  private pending: Buffer[] = [];

  constructor(private readonly thread: PGliteThread) {
    super();
  }

  connect(): void {
    process.nextTick(() => this.emit('connect'));
  }

  // A socket's options mean nothing here, and the replies are pushed as they come.
  setNoDelay = noop;
  setKeepAlive = noop;
  ref = noop;
  unref = noop;
  override _read = noop;

  override _write(chunk: Buffer, _encoding: string, done: (error?: Error | null) => void): void {
    if (!this.started) {
      this.started = true;
      this.push(GREETING);
    } else if (chunk[0] === TERMINATE && chunk.length === 5) {
      this.push(null);
    } else {
      if (!this.pending.length) process.nextTick(() => this.send());
      this.pending.push(chunk);
    }
    done();
  }

  override _final(done: (error?: Error | null) => void): void {
    done();
    this.destroy();
  }

  private send(): void {
    const bytes = this.pending.length === 1 ? this.pending[0] : Buffer.concat(this.pending);
    this.pending = [];
    this.thread.exec(bytes, 'session').then(
      (reply) => {
        if (!this.destroyed) this.push(reply);
      },
      (error: Error) => this.destroy(error),
    );
  }
}
