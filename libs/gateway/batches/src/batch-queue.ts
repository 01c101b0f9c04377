/** One unit of batch work: item `item` of job `job`. The item's row holds everything else. */
export interface BatchTask {
  readonly job: string;
  readonly item: number;
}

/** What a worker makes of a task: done (drop it), or to be tried again after `delayMs`. */
export type TaskOutcome =
  { readonly done: true } | { readonly done: false; readonly delayMs: number };

export type TaskHandler = (task: BatchTask) => Promise<TaskOutcome>;

/**
 * The durable queue of batch work: NATS JetStream in the distributed profile (a work-queue
 * stream, explicit acks, redelivery of what a dead worker held), an in-process queue over the
 * item rows in the standalone one. A task may arrive more than once; the handler makes that
 * harmless (an item ends once, BatchStore.end).
 */
export interface BatchQueue {
  /**
   * Whether the queue keeps its tasks across a restart itself (JetStream); if not, the pending
   * items are queued again at start (BatchUpkeep.resume).
   */
  readonly durable: boolean;
  /** Queues the tasks; resolves once they are stored (JetStream acknowledged them). */
  add(tasks: readonly BatchTask[]): Promise<void>;
  /** Starts handing tasks to `handler`, at most `concurrency` at once. */
  work(handler: TaskHandler, concurrency: number): Promise<void>;
  /** Stops taking tasks and waits (a little) for those under way. */
  stop(): Promise<void>;
}

export const BATCH_QUEUE = Symbol('BATCH_QUEUE');
