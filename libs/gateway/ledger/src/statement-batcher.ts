/**
 * Runs one statement at a time for many callers: calls that arrive while a statement is
 * running wait and go together in the next one. With one caller there is no wait at all; under
 * load, N concurrent calls cost about one round trip instead of N (on Postgres each reservation
 * otherwise queues on its account's row lock).
 */
export class StatementBatcher<I, O> {
  private queue: { input: I; resolve: (o: O) => void; reject: (e: unknown) => void }[] = [];
  private running = false;

  constructor(
    private readonly run: (inputs: readonly I[]) => Promise<readonly O[]>,
    private readonly maxBatch = 256,
  ) {}

  submit(input: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.queue.push({ input, resolve, reject });
      this.next();
    });
  }

  private next(): void {
    if (this.running || this.queue.length === 0) return;
    this.running = true;
    const batch = this.queue.splice(0, this.maxBatch);
    this.run(batch.map((b) => b.input))
      .then(
        (outputs) => batch.forEach((b, i) => b.resolve(outputs[i])),
        (error: unknown) => batch.forEach((b) => b.reject(error)),
      )
      .finally(() => {
        this.running = false;
        this.next();
      });
  }
}
