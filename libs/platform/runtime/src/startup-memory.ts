import { Session } from 'node:inspector';

/**
 * Gives back what start-up allocated and no longer needs, for a small idle footprint. While the
 * app's ~2,800 modules load, V8 grows its young generation to the maximum (two 16 MB semi-spaces)
 * and leaves start-up garbage in the old one; it keeps both until its memory reducer runs, 10–30 s
 * later. A low-memory collection collects and shrinks them at once: the inspector's
 * `HeapProfiler.collectGarbage` asks V8 for exactly that, and is the one public way to (no
 * `--expose-gc` needed, no port opened). ~40 MB less resident a few seconds after a start, for ~0.1
 * s of this thread. Resolves with whether it ran (false where Node was built without the
 * inspector).
 */
export function releaseStartupMemory(): Promise<boolean> {
  let session: Session;
  try {
    session = new Session();
    session.connect();
  } catch {
    return Promise.resolve(false);
  }
  return new Promise((resolve) => {
    session.post('HeapProfiler.collectGarbage', (error) => {
      // Disconnecting inside the callback leaves the process unable to exit: after it.
      setImmediate(() => session.disconnect());
      resolve(!error);
    });
  });
}

/**
 * {@link releaseStartupMemory} once the app has answered its first readiness checks: `delayMs`
 * after it starts listening, never keeping the process alive for it.
 */
export function releaseStartupMemorySoon(delayMs = 250): void {
  setTimeout(() => void releaseStartupMemory(), delayMs).unref();
}
