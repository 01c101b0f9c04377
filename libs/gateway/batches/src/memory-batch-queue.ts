import type { BatchQueue, BatchTask, TaskHandler } from './batch-queue.js';

/**
 * The standalone profile's queue: tasks in memory, in order, worked off by up to `concurrency`
 * loops. It is durable through the item rows it stands on: at start the worker queues every
 * pending item again (BatchWorker.resume), so a restart loses nothing.
 */
export class MemoryBatchQueue implements BatchQueue {
  readonly durable = false;
  private readonly tasks: BatchTask[] = [];
  private head = 0;
  private handler?: TaskHandler;
  private running = 0;
  private concurrency = 0;
  private stopped = false;
  private readonly timers = new Set<NodeJS.Timeout>();
  private idle?: () => void;

  async add(tasks: readonly BatchTask[]): Promise<void> {
    for (const task of tasks) this.tasks.push(task);
    this.pump();
  }

  async work(handler: TaskHandler, concurrency: number): Promise<void> {
    this.handler = handler;
    this.concurrency = concurrency;
    this.pump();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    if (this.running === 0) return;
    await new Promise<void>((resolve) => {
      this.idle = resolve;
      setTimeout(resolve, 5_000).unref();
    });
  }

  private pump(): void {
    while (
      !this.stopped &&
      this.handler &&
      this.running < this.concurrency &&
      this.head < this.tasks.length
    ) {
      const task = this.tasks[this.head++];
      if (this.head > 1024 && this.head * 2 > this.tasks.length) {
        this.tasks.splice(0, this.head);
        this.head = 0;
      }
      this.running++;
      void this.run(this.handler, task);
    }
  }

  private async run(handler: TaskHandler, task: BatchTask): Promise<void> {
    try {
      const outcome = await handler(task);
      if (!outcome.done) this.later(task, outcome.delayMs);
    } catch {
      // The handler logs its own failures; the task is tried again in a while.
      this.later(task, 1_000);
    } finally {
      this.running--;
      if (this.running === 0) this.idle?.();
      this.pump();
    }
  }

  private later(task: BatchTask, delayMs: number): void {
    if (this.stopped) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void this.add([task]);
    }, delayMs);
    timer.unref();
    this.timers.add(timer);
  }
}
