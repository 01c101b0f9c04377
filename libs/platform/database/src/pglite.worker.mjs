// The embedded database's thread: PGlite runs here, so the serving thread only hands over
// wire-protocol bytes and gets bytes back. Plain JavaScript, because a worker is started by Node
// itself, outside any TypeScript loader (the build copies this file as it is).
//
// Messages in: { id, lane, bytes } and { close: true }. Out: { ready }, { failed }, { id, bytes }
// or { id, error }, and { closed }. Two lanes share the one database session:
//   session  the app's connection (node-postgres over PGliteThread); run in arrival order.
//   auto     statements of their own (the credits' group commits); run in arrival order too, but
//            only while the session is outside a transaction, so they never land inside one.
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { parentPort, workerData } from 'node:worker_threads';

const READY_FOR_QUERY = 0x5a; // 'Z'

/** The session's transaction status from the last ReadyForQuery: I idle, T in one, E failed one. */
let status = 'I';
const queue = [];
let running = false;
let closing = false;
let db;

try {
  db = await PGlite.create({
    dataDir: workerData.dataDir,
    extensions: { pg_trgm },
    startParams: [...PGlite.defaultStartParams, ...workerData.settings],
  });
  parentPort.postMessage({ ready: true });
} catch (error) {
  parentPort.postMessage({ failed: String(error?.stack ?? error) });
  process.exit(1);
}

/** Where a reply ends with ReadyForQuery, its status byte; otherwise the session is mid-exchange. */
function statusAfter(reply) {
  const n = reply.length;
  return n >= 6 && reply[n - 6] === READY_FOR_QUERY ? String.fromCharCode(reply[n - 1]) : '?';
}

function nextRunnable() {
  const at = queue.findIndex((m) => m.lane !== 'auto' || status === 'I');
  return at < 0 ? undefined : queue.splice(at, 1)[0];
}

async function drain() {
  if (running) return;
  running = true;
  for (let message = nextRunnable(); message; message = nextRunnable()) {
    try {
      const reply = (await db.execProtocolRaw(message.bytes)).slice();
      if (message.lane === 'session') status = statusAfter(reply);
      parentPort.postMessage({ id: message.id, bytes: reply }, [reply.buffer]);
    } catch (error) {
      parentPort.postMessage({ id: message.id, error: String(error?.message ?? error) });
    }
  }
  running = false;
  if (closing && !queue.some((m) => m.lane === 'session')) await close();
}

async function close() {
  closing = false;
  for (const message of queue.splice(0))
    parentPort.postMessage({ id: message.id, error: 'the embedded database closed' });
  await db.close().catch(() => undefined);
  parentPort.postMessage({ closed: true });
  parentPort.close();
}

parentPort.on('message', (message) => {
  if (message.close) {
    closing = true;
  } else {
    queue.push(message);
  }
  void drain();
});
