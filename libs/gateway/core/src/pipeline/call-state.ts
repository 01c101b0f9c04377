/**
 * A named, typed slot in a call's state. The step that fills it owns the key; later steps read
 * it through the same key, so the value's type travels with it and nothing needs a cast.
 */
export class StateKey<T> {
  /** Only carries `T` for the compiler; never set. */
  declare private readonly type?: T;

  constructor(readonly name: string) {}
}

/**
 * Set true by the authentication step for a test key's call: the pipeline sends it to the
 * service as a sandbox call (recorded data) and marks the answer `X-Sandbox: true`.
 */
export const SANDBOX = new StateKey<boolean>('sandbox');

/**
 * Checks steps left running while the service is already asked (the credit reservation on
 * Postgres, when the balance seen last leaves ample room):
 * the pipeline awaits them in step order before it uses the answer, and one that fails
 * discards the answer unsent.
 */
export const PENDING_CHECKS = new StateKey<Promise<void>[]>('pending-checks');

const noop = () => undefined;

/** Leaves `check` running (see PENDING_CHECKS); its failure is the call's, once awaited. */
export function deferCheck(state: CallState, check: Promise<void>): void {
  // Handled here too: a later check may fail before the pipeline awaits an earlier one.
  check.catch(noop);
  const pending = state.get(PENDING_CHECKS);
  if (pending) pending.push(check);
  else state.set(PENDING_CHECKS, [check]);
}

/** Awaits the deferred checks in order; the first failure is thrown. */
export async function passChecks(state: CallState): Promise<void> {
  for (const check of state.get(PENDING_CHECKS) ?? []) await check;
}

/** Waits until every deferred check has ended, failed or not (before the steps' `after`). */
export async function endChecks(state: CallState): Promise<void> {
  const pending = state.get(PENDING_CHECKS);
  if (pending) await Promise.allSettled(pending);
}

/** What the steps learn about one call on the way (the key's owner, its reservation, …). */
export class CallState {
  private readonly values = new Map<StateKey<unknown>, unknown>();

  set<T>(key: StateKey<T>, value: T): void {
    this.values.set(key, value);
  }

  get<T>(key: StateKey<T>): T | undefined {
    return this.values.get(key) as T | undefined;
  }

  /** A value an earlier step must have set; its absence is a wiring mistake, not bad input. */
  require<T>(key: StateKey<T>): T {
    if (!this.values.has(key))
      throw new Error(`call state "${key.name}" is read before the step that sets it ran`);
    return this.values.get(key) as T;
  }
}
