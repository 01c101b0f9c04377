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
