import { defineConfigSection } from '@nl/platform-config';

export interface BatchSettings {
  /** Items one process works on at once; 0: this process takes no batch work. */
  readonly workers: number;
  /** Items under way at once per upstream (`vies`, `kvk`, …, and `default`), per process. */
  readonly concurrency: Readonly<Record<string, number>>;
  /**
   * While customers' calls come in, the percent of the cores the process may use before its batch
   * items slow down (BatchShare); 100: never.
   */
  readonly cpuPercent: number;
  /** How long a job and its results are kept after it was made. */
  readonly retentionMs: number;
  /** The first wait before an item that met a passing upstream failure is tried again. */
  readonly retryDelayMs: number;
  /** The JetStream stream of the batch tasks (distributed profile). */
  readonly stream: string;
}

const DAY_MS = 24 * 3600_000;

/** Per upstream, per process; VIES also per member state (each state's system is its own). */
const DEFAULT_CONCURRENCY = 'vies=2,kvk=2,woz=1,default=4';

/** What the batch jobs read from the environment (the gateway's processes). */
export const BATCH_CONFIG = defineConfigSection<BatchSettings>(
  'batches',
  [
    {
      name: 'BATCH_WORKERS',
      description:
        'Batch items one gateway process works on at once; 0 leaves the batch work to other processes.',
      default: '16',
    },
    {
      name: 'BATCH_CONCURRENCY',
      description:
        'Batch items under way at once per upstream and process, as name=count pairs (vies counts per member state); `default` is for the others.',
      default: DEFAULT_CONCURRENCY,
    },
    {
      name: 'BATCH_CPU_PERCENT',
      description:
        "While customers' calls come in, the percent of the machine's cores a gateway process may use (all its threads) before it works fewer batch items at once; 100 never slows batches down.",
      default: '20',
    },
    {
      name: 'BATCH_RETENTION_DAYS',
      description: 'Days a batch job and its results are kept after it was made.',
      default: '7',
    },
    {
      name: 'BATCH_RETRY_DELAY_MS',
      description:
        'First wait before a batch item that met a passing upstream failure is tried again (doubling; three attempts in all).',
      default: '2000',
    },
    {
      name: 'BATCH_STREAM',
      description:
        'The JetStream stream of the batch tasks (subject nl.batch.items); another name gives a deployment sharing the NATS a queue of its own (subject nl.batch.items.<name>).',
      default: 'NL_BATCH',
    },
  ],
  (read) => {
    const stream = read.string('BATCH_STREAM') ?? 'NL_BATCH';
    if (!/^[A-Za-z0-9_-]{1,32}$/.test(stream))
      read.problem('BATCH_STREAM must be 1 to 32 letters, digits, _ or -');
    const concurrency: Record<string, number> = {};
    for (const pair of read.list('BATCH_CONCURRENCY')) {
      const [name, count] = pair.split('=').map((part) => part.trim());
      const value = Number(count);
      if (!name || !Number.isInteger(value) || value < 1 || value > 256)
        read.problem(`BATCH_CONCURRENCY: "${pair}" is not name=count with a count of 1 to 256`);
      else concurrency[name] = value;
    }
    concurrency.default ??= 4;
    return {
      workers: read.number('BATCH_WORKERS', 0, 256),
      concurrency,
      cpuPercent: read.number('BATCH_CPU_PERCENT', 5, 100),
      retentionMs: read.number('BATCH_RETENTION_DAYS', 1, 90) * DAY_MS,
      retryDelayMs: read.number('BATCH_RETRY_DELAY_MS', 0, 600_000),
      stream,
    };
  },
);
