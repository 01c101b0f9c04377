import { defineConfigSection } from '@nl/platform-config';

export interface StatusSettings {
  /** Width of the finest buckets (kept 48 h), and how long a bad stretch lasts before it is an incident. */
  readonly bucketSeconds: number;
  /** Width of the coarse buckets the fine ones are rolled into (kept 90 days). */
  readonly rollupSeconds: number;
  /** How often each gateway process writes its counts. */
  readonly flushSeconds: number;
  /** An upstream bucket with fewer calls is never bad. */
  readonly incidentMinCalls: number;
  /** An upstream bucket whose share of successful calls is below this is bad. */
  readonly incidentSuccessRate: number;
  /** The rows of this deployment, where several share one database. */
  readonly scope: string;
}

/** What the public status figures read from the environment (the gateway's processes). */
export const STATUS_CONFIG = defineConfigSection<StatusSettings>(
  'status',
  [
    {
      name: 'STATUS_BUCKET_SECONDS',
      description:
        'Width of the finest status buckets in seconds (kept 48 h); an upstream that is bad for one whole bucket has an incident.',
      default: '300',
    },
    {
      name: 'STATUS_ROLLUP_SECONDS',
      description:
        'Width of the coarse status buckets in seconds (kept 90 days), a multiple of STATUS_BUCKET_SECONDS.',
      default: '3600',
    },
    {
      name: 'STATUS_FLUSH_SECONDS',
      description: 'How often each gateway process writes its status counts to the database.',
      default: '10',
    },
    {
      name: 'STATUS_INCIDENT_MIN_CALLS',
      description:
        'Calls an upstream needs in a bucket before its success rate can open an incident.',
      default: '5',
    },
    {
      name: 'STATUS_INCIDENT_SUCCESS_RATE',
      description:
        'Share of successful upstream calls (0 to 1) below which a bucket is bad: one bad bucket opens an incident, the next good one closes it.',
      default: '0.9',
    },
    {
      name: 'STATUS_SCOPE',
      description:
        "Names this deployment's status figures where several deployments share one database (each shows only its own).",
      default: 'default',
    },
  ],
  (read) => {
    const scope = read.string('STATUS_SCOPE') ?? 'default';
    if (!/^[A-Za-z0-9_.-]{1,64}$/.test(scope))
      read.problem('STATUS_SCOPE must be 1 to 64 letters, digits, _, . or -');
    const bucketSeconds = read.number('STATUS_BUCKET_SECONDS', 1, 3600);
    const rollupSeconds = read.number('STATUS_ROLLUP_SECONDS', 1, 86_400);
    if (rollupSeconds % bucketSeconds !== 0)
      read.problem('STATUS_ROLLUP_SECONDS must be a multiple of STATUS_BUCKET_SECONDS');
    return {
      bucketSeconds,
      rollupSeconds,
      flushSeconds: read.number('STATUS_FLUSH_SECONDS', 1, 300),
      incidentMinCalls: read.number('STATUS_INCIDENT_MIN_CALLS', 1, 100_000),
      incidentSuccessRate: read.number('STATUS_INCIDENT_SUCCESS_RATE', 0.01, 1, true),
      scope,
    };
  },
);
