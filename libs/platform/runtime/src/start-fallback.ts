// How a launcher that can start the app another way hears that a start failed, instead of the
// process exiting: `npm start`'s launcher tries the app's bundle first and, when that start
// fails, falls back to the app as built. A registered symbol, because the bundle holds its own
// copy of this module; no imports, because the launcher loads it before anything else.

/** Starts the app another way after `error` stopped a start. */
export type StartFallback = (error: unknown) => Promise<void>;

const KEY = Symbol.for('nl-data-api.start-fallback');
const slot = globalThis as { [KEY]?: StartFallback };

/** Registers what runMain does, once, when a start fails for a reason the user cannot fix. */
export function setStartFallback(fallback: StartFallback): void {
  slot[KEY] = fallback;
}

/** The registered fallback, which is then no longer registered (a fallback is tried once). */
export function takeStartFallback(): StartFallback | undefined {
  const fallback = slot[KEY];
  delete slot[KEY];
  return fallback;
}
